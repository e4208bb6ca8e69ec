import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Resource } from 'i18next';
import { describe, expect, it } from 'vitest';
import { PRERENDER_ORIGIN } from '@vtc/shared/site/indexed-pages';
import { hrefInLanguage } from '../lib/language';
import { INDEXED_PAGES, LANGUAGES, PAGE_SHELLS, renderPage } from './render-page';

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
        const { head, body: html } = renderPage(pathname, language, resources);
        expect(head.match(/<title>/g), `${pathname} ${language}`).toHaveLength(1);
        expect(html, `${pathname} ${language}`).not.toMatch(/<title|<meta|rel="canonical"/);
        expect(html, `${pathname} ${language}`).toContain('<header class="site-header">');
        expect(html, `${pathname} ${language}`).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
        expect(html, `${pathname} ${language}`).toContain('<footer');
        expect(html, `${pathname} ${language}`).not.toMatch(/<script|<style/);
      }
    }
  });

  it('writes the page heading in the words of the page language', () => {
    for (const language of LANGUAGES) {
      expect(renderPage('/', language, resources).body).toContain(`class="hero-title">${asHtml(texts(language, 'home').hero?.title ?? '')}</h1>`);
      expect(renderPage('/trajet-fixe-pour-particuliers', language, resources).body).toContain(
        `<h1 class="page-intro-title">${asHtml(texts(language, 'marketing').fixedPrice?.title ?? '')}</h1>`,
      );
      expect(renderPage('/contact', language, resources).body).toContain(`${asHtml(texts(language, 'contact').title as unknown as string)}</h1>`);
    }
  });

  it('shows the language of the page in the switcher, as links that work without JavaScript, and a visitor signed out', () => {
    const arabic = renderPage('/', 'ar', resources).body;
    expect(arabic).toMatch(/<a class="language-link" href="\/\?lang=ar" hrefLang="ar" lang="ar" aria-current="true">/i);
    expect(arabic).toMatch(/<a class="language-link" href="\/\?lang=fr" hrefLang="fr" lang="fr">/i);
    expect(renderPage('/contact', 'fr', resources).body).toMatch(/href="\/contact\?lang=en" hrefLang="en"/i);
    expect(arabic).toContain('href="/auth/sign?lang=ar"');
  });

  it('puts one title, the description and the alternates of the page, in its language, in the head', () => {
    for (const language of ['fr', 'ar'] as const) {
      const { head } = renderPage('/', language, resources);
      const meta = texts(language, 'common').meta as unknown as Record<string, { title: string; description: string }>;
      expect(head.match(/<title>/g)).toHaveLength(1);
      expect(head).toContain(`<title>${asHtml(meta.home?.title ?? '')}</title>`);
      expect(head.match(/<meta name="description"/g)).toHaveLength(1);
      expect(head).toContain(`<meta name="description" content="${asHtml(meta.home?.description ?? '')}"/>`);
      const canonical = language === 'fr' ? `${PRERENDER_ORIGIN}/` : `${PRERENDER_ORIGIN}/?lang=${language}`;
      expect(head).toContain(`<link rel="canonical" href="${canonical}"/>`);
      expect(head).toMatch(/<link rel="alternate" hrefLang="ar" href="https:\/\/prerender.invalid\/\?lang=ar"\/>/i);
    }
  });

  it('names the language in the links of an English or Arabic page, not of a French one', () => {
    expect(renderPage('/', 'ar', resources).body).toContain('href="/contact?lang=ar"');
    expect(renderPage('/contact', 'en', resources).body).toContain('href="/trajet-fixe-pour-particuliers?lang=en"');
    const french = renderPage('/', 'fr', resources).body;
    expect(french).toContain('href="/contact"');
    // Only the language switcher names a language.
    expect(french.match(/\?lang=/g)).toHaveLength(3);
  });

  it('has the shape the app hydrates: its boundaries, the spinner of the booking slot, the signed-out header, no toast area', () => {
    const home = renderPage('/', 'fr', resources).body;
    // The providers' Suspense boundary wraps the site; the booking slot holds a finished spinner.
    expect(home.startsWith('<!--$--><div class="site">')).toBe(true);
    expect(home).toMatch(/<div class="booking-slot"><!--\$--><span class="spinner[^"]*" role="status"/);
    expect(home).not.toContain('<!--$!-->');
    expect(home).toContain('href="/auth/sign"');
    expect(home).not.toContain('Toastify');
    // A lazy page sits in the router's boundary (Lazy), completed.
    expect(renderPage('/contact', 'ar', resources).body).toContain('<main id="main" class="site-main" tabindex="-1"><!--$-->');
  });

  it('the links name the language as the app writes them in the browser (hrefInLanguage)', () => {
    const arabic = renderPage('/trajet-fixe-pour-particuliers', 'ar', resources).body;
    const internal = [...arabic.matchAll(/<a\b[^>]*?\bhref="(\/[^"]*)"/g)].map((match) => match[1]?.replace(/&amp;/g, '&') ?? '');
    expect(internal.length).toBeGreaterThan(5);
    for (const href of internal) expect(hrefInLanguage(href.replace(/[?&]lang=ar/, ''), 'ar')).toBe(href);
  });

  it('renders the shell of step two in every language: the header, the steps at two, the title of the page and the spinner, in the boundary of a lazy page (decision 0154)', () => {
    expect(PAGE_SHELLS).toContain('/summary');
    for (const language of LANGUAGES) {
      const { body: html } = renderPage('/summary', language, resources);
      const booking = texts(language, 'booking');
      expect(html, language).toContain('<header class="site-header">');
      expect(html, language).toContain('<main id="main" class="site-main" tabindex="-1"><!--$--><section class="booking-page"><div class="container"><ol class="booking-steps"');
      expect(html, language).toContain(`<h1 class="page-title">${asHtml(booking.stepTwo?.title ?? '')}</h1>`);
      expect(html, language).toMatch(/<li class="booking-step is-current" aria-current="step">.*?<span class="booking-step-label">[^<]+<\/span>/);
      expect(html, language).toContain(`>${asHtml(booking.steps?.car ?? '')}</span>`);
      expect(html, language).toMatch(/<div class="booking-fallback"><span class="spinner[^"]*" role="status"/);
      expect(html, language).not.toMatch(/<script|<style|style="/);
    }
  });
});
