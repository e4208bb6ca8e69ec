/// <reference types="node" />
// scripts/check-translations.mjs (run by `npm test`) against folders made for the occasion.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = path.resolve(import.meta.dirname, '../../../scripts/check-translations.mjs');
const folders: string[] = [];

function check(folder?: string) {
  const result = spawnSync(process.execPath, folder ? [script, folder] : [script], { encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

function locales(files: Record<string, Record<string, unknown>>): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'locales-'));
  folders.push(folder);
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
    writeFileSync(path.join(folder, file), JSON.stringify(content));
  }
  return folder;
}

const home = (title: string) => ({ hero: { title, intro: 'x' } });

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('check-translations', () => {
  it('passes on the locales of the web app', () => {
    const { status, output } = check();
    expect(output).toContain('Translations complete');
    expect(status).toBe(0);
  });

  it('fails and names a nested key missing in one language', () => {
    const folder = locales({
      'fr/home.json': home('Bonjour'),
      'en/home.json': home('Hello'),
      'ar/home.json': { hero: { intro: 'x' } },
    });
    const { status, output } = check(folder);
    expect(status).toBe(1);
    expect(output).toContain('ar/home.json: missing hero.title');
  });

  it('fails on a namespace file, a language folder, an empty text or placeholders that differ', () => {
    const folder = locales({
      'fr/home.json': { a: 'Il reste {{count}}', b: 'x' },
      'fr/contact.json': { title: 'Contact' },
      'en/home.json': { a: '{{total}} left', b: '' },
      'en/contact.json': { title: 'Contact' },
    });
    const { status, output } = check(folder);
    expect(status).toBe(1);
    expect(output).toContain('ar: folder missing');
    expect(output).toContain('en/home.json: b is empty or not a text');
    expect(output).toContain('home.json: a has different placeholders');

    const noFile = locales({ 'fr/x.json': { a: 'a' }, 'en/x.json': { a: 'a' }, 'ar/y.json': { a: 'a' } });
    const second = check(noFile);
    expect(second.status).toBe(1);
    expect(second.output).toContain('ar/x.json: file missing');
    expect(second.output).toContain('en/y.json: file missing');
  });

  it('accepts plural forms that differ by language, as long as each has `_other`', () => {
    const plural = {
      'fr/c.json': { left_one: '{{count}} caractère', left_other: '{{count}} caractères' },
      'en/c.json': { left_one: '{{count}} character', left_other: '{{count}} characters' },
      'ar/c.json': { left_zero: 'لا شيء', left_two: 'حرفان', left_few: '{{count}} أحرف', left_other: '{{count}} حرف' },
    };
    expect(check(locales(plural)).status).toBe(0);
    const broken = { ...plural, 'ar/c.json': { left_few: '{{count}} أحرف' } };
    const { status, output } = check(locales(broken));
    expect(status).toBe(1);
    expect(output).toContain('ar/c.json: missing left_other');
  });
});
