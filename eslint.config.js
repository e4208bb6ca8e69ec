import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import local from './eslint-rules/no-import-cycle.js';

/**
 * The API's business folders and those each may import besides the platform, which imports none
 * of them (decision 0066).
 */
const API_AREAS = {
  accounts: [],
  catalogue: [],
  booking: ['accounts', 'catalogue'],
  site: ['catalogue'],
  operations: ['booking', 'catalogue', 'accounts'],
  demo: [],
};
const apiArea = (area) => `./apps/api/src/${area}`;

/**
 * What another area may import of one that has a public face: that module alone, so the area's
 * own files can move and split freely (decision 0112).
 */
const API_FACES = { booking: './booking-public.ts' };

/**
 * The web's feature folders: every folder under apps/web/src/features that holds a source file
 * itself. A feature imports no other feature; the app composes them (decision 0067).
 */
const WEB = './apps/web/src';
const webFeaturesDir = path.join(import.meta.dirname, 'apps/web/src/features');
const webFeatures = readdirSync(webFeaturesDir, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
  .map((entry) => path.relative(webFeaturesDir, entry.parentPath).replaceAll(path.sep, '/'))
  .filter((folder, index, folders) => folder !== '' && folders.indexOf(folder) === index);

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.tmp/**', 'data/**', 'apps/api/drizzle/**', 'test-results/**', 'playwright-report/**', 'apps/api/test/platform/fixtures/import-cycle/**', 'apps/api/test/platform/fixtures/type-import-cycle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // The API and the shared code refuse type-only and dynamic loops too (the web's test does the same for the web).
    files: ['apps/api/**/*.ts', 'packages/shared/**/*.ts'],
    plugins: { local },
    rules: { 'local/no-import-cycle': 'error' },
  },
  {
    files: ['**/*.{ts,tsx,mts}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these the plugin parses only .js files and sees no import of a TypeScript module.
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './packages/shared', from: ['./apps', './e2e', './bench', './scripts'], message: 'packages/shared is imported by the apps, never the reverse.' },
            {
              target: './apps/api/src/platform',
              from: Object.keys(API_AREAS).map(apiArea),
              message: 'The platform imports no business folder: pass what it needs by registration options.',
            },
            { target: `${WEB}/lib`, from: [`${WEB}/components`, `${WEB}/features`, `${WEB}/app`], message: 'lib/ holds the web\'s plumbing: it imports no component, feature or app code (decision 0067).' },
            { target: `${WEB}/components`, from: [`${WEB}/features`, `${WEB}/app`], message: 'components/ imports no feature and no app code: a feature passes what it needs as props (decision 0067).' },
            {
              target: `${WEB}/components/ui`,
              from: `${WEB}/components`,
              except: ['./ui'],
              message: 'components/ui holds primitives: it imports no kit (admin/, marketing/, account/) (decision 0067).',
            },
            { target: `${WEB}/features`, from: `${WEB}/app`, message: 'Features import nothing from app/: the app composes them (decision 0067).' },
            ...webFeatures.map((feature) => ({
              target: `${WEB}/features/${feature}`,
              from: `${WEB}/features`,
              except: [`./${feature}`],
              message: 'A feature imports no other feature: move what both need to components/ or lib/, or let the app hand it in (decision 0067).',
            })),
            ...Object.entries(API_AREAS).map(([area, allowed]) => ({
              target: apiArea(area),
              from: Object.keys(API_AREAS)
                .filter((other) => other !== area && !allowed.includes(other))
                .map(apiArea),
              message: `${area}/ may import only platform/${allowed.map((other) => `, ${other}/`).join('')} (decision 0066).`,
            })),
            ...Object.entries(API_AREAS).flatMap(([area, allowed]) =>
              allowed
                .filter((other) => API_FACES[other])
                .map((other) => ({
                  target: apiArea(area),
                  from: apiArea(other),
                  except: [API_FACES[other]],
                  message: `${area}/ imports ${other}/ only through its public face, ${other}/${API_FACES[other].slice(2)} (decision 0112).`,
                })),
            ),
            {
              // The funnel's use cases are reached through their routes only: the rest of booking/ does not lean on them.
              target: ['./apps/api/src/booking/*.ts', './apps/api/src/booking/!(funnel)/**'],
              from: './apps/api/src/booking/funnel',
              except: ['./funnel-routes.ts'],
              message: 'booking/funnel holds the steps\' use cases: the rest of booking/ imports none of them; move what is shared to booking/ (decision 0112).',
            },
          ],
        },
      ],
    },
  },
);
