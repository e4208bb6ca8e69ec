/// <reference types="node" />
// The translation check of `npm run lint` (i18next-cli with the repository's i18next.config.ts,
// docs/decisions/0064), run on the real files and on small projects made for the occasion.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const cli = path.join(root, 'node_modules/i18next-cli/dist/esm/cli.js');
const LANGUAGES = ['fr', 'en', 'ar'] as const;
const folders: string[] = [];

function run(cwd: string, ...args: string[]) {
  const result = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', CI: 'true' } });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

type Texts = Record<string, unknown>;

/** A project laid out as this one, with the repository's own check configuration. */
function project(files: { web: string; mail: string; common: Record<string, Texts>; mailTexts: Record<string, Texts> }): string {
  mkdirSync(path.join(root, '.tmp'), { recursive: true });
  // Inside the repository, so that the configuration finds i18next-cli as it does for real.
  const folder = mkdtempSync(path.join(root, '.tmp', 'translation-check-'));
  folders.push(folder);
  const write = (file: string, content: string) => {
    mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
    writeFileSync(path.join(folder, file), content);
  };
  write('i18next.config.ts', readFileSync(path.join(root, 'i18next.config.ts'), 'utf8'));
  write('apps/web/src/page.tsx', files.web);
  write('apps/api/src/booking/mails/some-mail.ts', files.mail);
  for (const language of LANGUAGES) {
    write(`apps/web/public/locales/${language}/common.json`, JSON.stringify(files.common[language] ?? {}));
    write(`apps/api/src/platform/mail/locales/${language}/mail.json`, JSON.stringify(files.mailTexts[language] ?? {}));
  }
  return folder;
}

const web = `import { useTranslation } from 'react-i18next';
export function Page() {
  const { t } = useTranslation();
  return <p>{t('hero.title', { city: 'Nice' })}</p>;
}`;
const mail = `import { mailI18n } from '../mail-i18n.ts';
export function subject(language: 'fr' | 'en' | 'ar') {
  const t = mailI18n.getFixedT(language, 'mail');
  return t('welcome.subject');
}`;
const common = {
  fr: { hero: { title: 'Bienvenue à {{city}}' } },
  en: { hero: { title: 'Welcome to {{city}}' } },
  ar: { hero: { title: 'مرحبًا بكم في {{city}}' } },
};
const mailTexts = { fr: { welcome: { subject: 'Bienvenue' } }, en: { welcome: { subject: 'Welcome' } }, ar: { welcome: { subject: 'مرحبًا' } } };

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('translation check (i18next-cli)', { timeout: 60_000 }, () => {
  it('passes on the web app and the mail catalogue of the repository', () => {
    for (const args of [['status'], ['status', '--unused'], ['lint']]) {
      const { status, output } = run(root, ...args);
      expect(output).not.toContain('✗');
      expect(status).toBe(0);
    }
  });

  it('passes on a complete project, web and mail', () => {
    const folder = project({ web, mail, common, mailTexts });
    expect(run(folder, 'status').status).toBe(0);
    expect(run(folder, 'status', '--unused').status).toBe(0);
    expect(run(folder, 'lint').status).toBe(0);
  });

  it('fails on a key the code uses that no file has, on the web or in a mail', () => {
    const folder = project({
      web: web.replace("t('hero.title', { city: 'Nice' })", "t('hero.subtitle')"),
      mail: mail.replace('welcome.subject', 'welcome.footer'),
      common,
      mailTexts,
    });
    expect(run(folder, 'status').status).toBe(1);
    const detail = run(folder, 'status', 'fr').output;
    expect(detail).toContain('hero.subtitle');
    expect(detail).toContain('welcome.footer');
  });

  it('fails on a key missing in one language and names it', () => {
    const folder = project({ web, mail, common: { ...common, ar: {} }, mailTexts: { ...mailTexts, en: {} } });
    expect(run(folder, 'status').status).toBe(1);
    expect(run(folder, 'status', 'ar').output).toContain('hero.title');
    expect(run(folder, 'status', 'en').output).toContain('welcome.subject');
  });

  it('fails on a key that no code uses', () => {
    const withExtra = (texts: Record<string, Texts>, extra: Texts) =>
      Object.fromEntries(Object.entries(texts).map(([language, value]) => [language, { ...value, ...extra }]));
    const folder = project({ web, mail, common: withExtra(common, { old: 'x' }), mailTexts: withExtra(mailTexts, { oldMail: { body: 'x' } }) });
    const { status, output } = run(folder, 'status', '--unused');
    expect(status).toBe(1);
    expect(output).toContain('old');
    expect(output).toContain('oldMail.body');
  });

  it('fails on words written in the markup instead of the locale files', () => {
    const folder = project({ web: web.replace("<p>{t('hero.title', { city: 'Nice' })}</p>", "<p>{t('hero.title', { city: 'Nice' })}<span>Book now</span></p>"), mail, common, mailTexts });
    const { status, output } = run(folder, 'lint');
    expect(status).toBe(1);
    expect(output).toContain('Book now');
  });
});

/** Every text of a JSON tree, by dotted key. */
function flatten(value: unknown, prefix = '', into = new Map<string, string>()): Map<string, string> {
  if (typeof value === 'string') into.set(prefix, value);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, into);
  }
  return into;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((match) => match[1]).sort().join(',');
const PLURAL = /_(zero|one|two|few|many|other)$/;

describe('placeholders', () => {
  // i18next-cli compares the code with the French text only; a translation must fill the same values.
  const catalogues = [path.join(root, 'apps/web/public/locales'), path.join(root, 'apps/api/src/platform/mail/locales')];
  for (const folder of catalogues) {
    it(`are the same in every language (${path.relative(root, folder)})`, () => {
      const problems: string[] = [];
      for (const file of readdirSync(path.join(folder, 'fr'))) {
        const tables = LANGUAGES.map((language) => flatten(JSON.parse(readFileSync(path.join(folder, language, file), 'utf8'))));
        const [french, ...others] = tables;
        for (const [key, text] of french ?? []) {
          // Plural forms may drop {{count}} ("one character left"): compare the `_other` form.
          if (PLURAL.test(key) && !key.endsWith('_other')) continue;
          for (const [index, table] of others.entries()) {
            const translated = table.get(key);
            if (translated !== undefined && placeholders(translated) !== placeholders(text)) {
              problems.push(`${LANGUAGES[index + 1]}/${file}: ${key}`);
            }
          }
        }
      }
      expect(problems).toEqual([]);
    });
  }
});
