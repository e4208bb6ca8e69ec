// A lean rule set: mistakes a browser silently ignores, plus the design-token boundary. Raw
// colours and width breakpoints live in apps/web/src/styles/tokens.css only (docs/decisions/0063).
const rawColourFunction = /^(rgb|rgba|hsl|hsla|hwb|lab|lch|oklab|oklch|color)\(\s*[\d.]/;

/** @type {import('stylelint').Config} */
export default {
  ignoreFiles: ['**/dist/**', '**/node_modules/**', 'coverage/**', 'test-results/**', 'playwright-report/**'],
  rules: {
    'color-no-hex': [true, { message: 'Use a colour token from styles/tokens.css' }],
    'color-named': ['never', { message: 'Use a colour token from styles/tokens.css' }],
    'declaration-property-value-disallowed-list': [
      { '/.*/': [`/${rawColourFunction.source.replace('^', '\\b')}/`] },
      { message: 'Use a colour token from styles/tokens.css' },
    ],
    'media-feature-name-disallowed-list': [['max-width', 'min-width', 'width'], { message: 'Use a breakpoint (@custom-media) from styles/tokens.css' }],
    'block-no-empty': true,
    'color-no-invalid-hex': true,
    'custom-property-no-missing-var-function': true,
    'declaration-block-no-duplicate-properties': [true, { ignore: ['consecutive-duplicates-with-different-syntaxes'] }],
    'font-family-no-duplicate-names': true,
    'function-calc-no-unspaced-operator': true,
    'keyframe-declaration-no-important': true,
    'media-feature-name-no-unknown': true,
    'no-duplicate-at-import-rules': true,
    'no-duplicate-selectors': true,
    'no-invalid-double-slash-comments': true,
    'property-no-unknown': true,
    'selector-pseudo-class-no-unknown': true,
    'selector-pseudo-element-no-unknown': true,
    'selector-type-no-unknown': true,
    'string-no-newline': true,
    'unit-no-unknown': true,
  },
  overrides: [
    {
      files: ['apps/web/src/styles/tokens.css'],
      rules: {
        'color-no-hex': null,
        'color-named': null,
        'declaration-property-value-disallowed-list': null,
        'media-feature-name-disallowed-list': null,
      },
    },
  ],
};
