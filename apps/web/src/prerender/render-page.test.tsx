import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Resource } from 'i18next';
import { describe, expect, it } from 'vitest';
import { INDEXED_PAGES, LANGUAGES, renderPage } from './render-page';

const localesDir = fileURLToPath(new URL('../../public/locales', import.meta.url));

function readResources(): Resource {
  return Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      Object.fromEntries(
        readdirSync(path.join(localesDir, language))
          .filter((name) => name.endsWith('.json'))
          .map((name) => [name.replace(/\.json$/, ''), JSON.parse(readFileSync(path.join(localesDir, language, name), 'utf8')) as unknown]),
      ),
    ]),
  ) as Resource;
}

/** The text React writes for `value` (it escapes the apostrophe and the ampersand). */
function asHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

describe('the first paint of the indexed pages, rendered from the components', () => {
  const resources = readResources();
  const texts = (language: string, namespace: string) => resources[language]?.[namespace] as Record<string, Record<string, string>>;

  it('renders every indexed page in every language with the header, its heading and the footer', () => {
    for (const pathname of Object.keys(INDEXED_PAGES)) {
      for (const language of LANGUAGES) {
        const html = renderPage(pathname, language, resources);
        expect(html, `${pathname} ${language}`).toContain('<header class="site-header">');
        expect(html, `${pathname} ${language}`).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
        expect(html, `${pathname} ${language}`).toContain('<footer');
        expect(html, `${pathname} ${language}`).not.toMatch(/<script|<style/);
      }
    }
  });

  it('writes the page heading in the words of the page language', () => {
    for (const language of LANGUAGES) {
      expect(renderPage('/', language, resources)).toContain(`class="hero-title">${asHtml(texts(language, 'home').hero?.title ?? '')}</h1>`);
      expect(renderPage('/trajet-fixe-pour-particuliers', language, resources)).toContain(
        `<h1 class="page-intro-title">${asHtml(texts(language, 'marketing').fixedPrice?.title ?? '')}</h1>`,
      );
      expect(renderPage('/contact', language, resources)).toContain(`${asHtml(texts(language, 'contact').title as unknown as string)}</h1>`);
    }
  });

  it('shows the language of the page in the switcher, and a visitor signed out', () => {
    const arabic = renderPage('/', 'ar', resources);
    expect(arabic).toContain('<option value="ar" lang="ar" selected="">');
    expect(arabic).toContain('href="/auth/sign?lang=ar"');
  });

  it('names the language in the links of an English or Arabic page, not of a French one', () => {
    expect(renderPage('/', 'ar', resources)).toContain('href="/contact?lang=ar"');
    expect(renderPage('/contact', 'en', resources)).toContain('href="/trajet-fixe-pour-particuliers?lang=en"');
    expect(renderPage('/', 'fr', resources)).toContain('href="/contact"');
    expect(renderPage('/', 'fr', resources)).not.toContain('?lang=');
  });
});
