import path from 'node:path';
import stylelint from 'stylelint';
import { describe, expect, it } from 'vitest';

// The stylelint rules that keep raw colours and width breakpoints in tokens.css (docs/decisions/0063).
const repoRoot = path.resolve(import.meta.dirname, '../../../..');

async function ruleHits(file: string, code: string): Promise<string[]> {
  const { results } = await stylelint.lint({ code, codeFilename: path.join(repoRoot, file), cwd: repoRoot });
  return (results[0]?.warnings ?? []).map((warning) => warning.rule);
}

describe('design tokens boundary', () => {
  const component = 'apps/web/src/features/booking/example.css';

  it.each([
    ['a hex colour', '.a { color: #0b1526; }', 'color-no-hex'],
    ['a named colour', '.a { background: white; }', 'color-named'],
    ['an rgb() colour', '.a { box-shadow: 0 1px 2px rgb(7 15 28 / 0.2); }', 'declaration-property-value-disallowed-list'],
    ['a width breakpoint', '@media (max-width: 640px) { .a { gap: 0; } }', 'media-feature-name-disallowed-list'],
  ])('refuses %s in a component stylesheet', async (_name, code, rule) => {
    expect(await ruleHits(component, code)).toContain(rule);
  });

  it('accepts tokens in a component stylesheet', async () => {
    const code = '.a { color: var(--navy-900); box-shadow: 0 1px 2px var(--navy-950-a20); }\n@media (--phablet) { .a { gap: 0; } }\n';
    expect(await ruleHits(component, code)).toEqual([]);
  });

  it('accepts raw values in tokens.css', async () => {
    const code = ':root { --navy-900: #0b1526; --white: white; }\n@custom-media --phablet (max-width: 640px);\n';
    expect(await ruleHits('apps/web/src/styles/tokens.css', code)).toEqual([]);
  });
});
