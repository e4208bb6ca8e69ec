import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/config.ts';
import { origins } from '../../src/platform/db/schema.ts';
import { describePage, loadLocaleMeta, renderSeoTags } from '../../src/site/seo/seo.ts';
import { LANGUAGES } from '@vtc/shared/i18n/languages';
import { INDEXED_PAGES, PRERENDER_ORIGIN } from '@vtc/shared/site/indexed-pages';
import { createTestApp, type TestContext } from '../support/test-app.ts';

const BASE = 'https://www.riviera-vtc.test';

/** A built web app in miniature: index.html with the seo marks, the real locale files. */
function fakeWebBuild(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'vtc-seo-web-'));
  writeFileSync(
    path.join(dist, 'index.html'),
    [
      '<!doctype html>',
      '<html lang="fr" dir="ltr">',
      '  <head>',
      '    <meta charset="UTF-8" />',
      '    <!-- seo:start -->',
      '    <title>Riviera VTC</title>',
      '    <!-- seo:end -->',
      '  </head>',
      '  <body>',
      '    <div id="root"></div>',
      '  </body>',
      '</html>',
    ].join('\n'),
  );
  cpSync(path.join(REPO_ROOT, 'apps/web/public/locales'), path.join(dist, 'locales'), { recursive: true });
  // The first paint the web build renders from its components (apps/web/src/prerender), one
  // file per page and language: here a heading in each, in the page's own words.
  for (const language of LANGUAGES) {
    const marketing = JSON.parse(readFileSync(path.join(REPO_ROOT, 'apps/web/public/locales', language, 'marketing.json'), 'utf8')) as {
      fixedPrice: { title: string };
    };
    const home = JSON.parse(readFileSync(path.join(REPO_ROOT, 'apps/web/public/locales', language, 'home.json'), 'utf8')) as {
      hero: { title: string };
    };
    const common = JSON.parse(readFileSync(path.join(REPO_ROOT, 'apps/web/public/locales', language, 'common.json'), 'utf8')) as {
      meta: { home: { title: string; description: string } };
    };
    const dir = path.join(dist, '.vite', 'prerender', language);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'index.html'), `<div class="site"><main id="main"><h1 class="hero-title">${home.hero.title}</h1></main></div>`);
    // The head tags the home's components rendered (PageMeta), with the build's stand-in origin.
    const canonical = language === 'fr' ? `${PRERENDER_ORIGIN}/` : `${PRERENDER_ORIGIN}/?lang=${language}`;
    writeFileSync(
      path.join(dir, 'index.head.html'),
      `<title>${common.meta.home.title}</title><meta name="description" content="${common.meta.home.description}"/><link rel="canonical" href="${canonical}"/>`,
    );
    writeFileSync(
      path.join(dir, 'trajet-fixe-pour-particuliers.html'),
      `<div class="site"><main id="main"><h1 class="page-intro-title">${marketing.fixedPrice.title}</h1></main></div>`,
    );
  }
  mkdirSync(path.join(dist, 'assets'));
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  writeFileSync(path.join(dist, 'assets', 'app-1234.js'), script);
  writeFileSync(path.join(dist, 'assets', 'app-1234.js.br'), brotliCompressSync(script));
  return dist;
}

describe('search engines and link previews', () => {
  let ctx: TestContext;
  let dist: string;

  beforeAll(async () => {
    dist = fakeWebBuild();
    ctx = await createTestApp({ WEB_DIST_DIR: dist, PUBLIC_URL: BASE });
    await ctx.database.db.insert(origins).values([{ name: 'Nice', title: 'vtc-nice' }, { name: 'Cannes' }]);
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const page = (url: string) => ctx.app.inject({ method: 'GET', url });

  it('answers /robots.txt with the sitemap address, keeping the API out', async () => {
    const response = await page('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('Disallow: /api/');
    expect(response.body).toContain(`Sitemap: ${BASE}/sitemap.xml`);
  });

  it('lists every public page in every language in /sitemap.xml, with alternates and the price lists', async () => {
    const response = await page('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    const xml = response.body;
    for (const pathname of Object.keys(INDEXED_PAGES)) {
      expect(xml).toContain(`<loc>${BASE}${pathname}</loc>`);
      expect(xml).toContain(`<loc>${BASE}${pathname}?lang=en</loc>`);
      expect(xml).toContain(`<loc>${BASE}${pathname}?lang=ar</loc>`);
    }
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${BASE}/contact"/>`);
    expect(xml).toMatch(/<loc>https:\/\/www\.riviera-vtc\.test\/price-list\/vtc-nice\?originId=\d+&amp;lang=ar<\/loc>/);
    expect(xml).toMatch(/price-list\/Cannes\?originId=\d+/);
    expect(xml.match(/<url>/g)).toHaveLength((Object.keys(INDEXED_PAGES).length + 2) * 3);
  });

  it('writes the title, description, canonical, alternates and Open Graph tags of the page asked for', async () => {
    const response = await page('/contact?lang=en');
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<html lang="en" dir="ltr"');
    expect(html).toContain('<title>Contact and quotes | Riviera VTC</title>');
    expect(html).toMatch(/<meta name="description" content="A question or a quote/);
    expect(html).toContain(`<link rel="canonical" href="${BASE}/contact?lang=en" />`);
    expect(html).toContain(`<link rel="alternate" hreflang="fr" href="${BASE}/contact" />`);
    expect(html).toContain(`<link rel="alternate" hreflang="ar" href="${BASE}/contact?lang=ar" />`);
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${BASE}/contact" />`);
    expect(html).toContain(`<meta property="og:url" content="${BASE}/contact?lang=en" />`);
    expect(html).toContain(`<meta property="og:image" content="${BASE}/images/og-riviera-vtc.jpg" />`);
    expect(html).toContain('<meta property="og:locale" content="en_GB" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).not.toContain('name="robots"');
  });

  it('serves French without a parameter and Arabic right to left, with the first paint of the page', async () => {
    const french = (await page('/')).body;
    expect(french).toContain('<html lang="fr" dir="ltr" data-prerender>');
    expect(french).toContain('<title>Chauffeur privé VTC à Nice, Cannes, Monaco | Riviera VTC</title>');
    expect(french).toContain(`<link rel="canonical" href="${BASE}/"/>`);
    expect(french).toContain(`<h1 class="hero-title">Votre chauffeur privé sur la Côte d'Azur</h1>`);
    // Inside the app's root, which hydrates it (decision 0069).
    expect(french).toContain('<div id="root"><div class="site">');
    expect(french).not.toContain('id="prerender"');

    const arabic = (await page('/?lang=ar')).body;
    expect(arabic).toContain('<html lang="ar" dir="rtl" data-prerender>');
    expect(arabic.match(/<title>/g)).toHaveLength(1);
    expect(arabic).toContain('<title>سائق خاص في نيس وكان وموناكو | Riviera VTC</title>');
    expect(arabic).toContain(`<link rel="canonical" href="${BASE}/?lang=ar"/>`);
    expect(arabic).not.toContain(PRERENDER_ORIGIN);
    expect(arabic).toContain('<h1 class="hero-title">سائقك الخاص في الكوت دازور</h1>');

    const marketing = (await page('/trajet-fixe-pour-particuliers')).body;
    expect(marketing).toContain('<h1 class="page-intro-title">Trajets à prix fixe pour particuliers</h1>');
  });

  it('keeps pages of a booking in progress out of search results, without a first paint', async () => {
    const html = (await page('/summary')).body;
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).not.toContain('rel="canonical"');
    expect(html).not.toContain('data-prerender');
    expect(html).toContain('<title>Riviera VTC</title>');
  });

  it('names the city of a price list as the database does, and its address keeps the origin', async () => {
    const html = (await page('/price-list/vtc-nice?originId=1&lang=fr')).body;
    expect(html).toContain('<title>Tarifs VTC au départ de Nice | Riviera VTC</title>');
    expect(html).toContain(`<link rel="canonical" href="${BASE}/price-list/vtc-nice?originId=1" />`);
    const missingOrigin = (await page('/price-list/vtc-nice')).body;
    expect(missingOrigin).toContain('noindex');
    // An origin that does not exist is not a page to index, whatever the address says.
    const unknownOrigin = (await page('/price-list/vtc-paris?originId=999')).body;
    expect(unknownOrigin).toContain('noindex');
    expect(unknownOrigin).not.toContain('vtc-paris');
    expect((await page('/price-list/x?originId=99999999999')).body).toContain('noindex');
  });

  it('keeps the chauffeur’s mission page out of search results', async () => {
    const html = (await page('/mission?id=1&token=abc')).body;
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).not.toContain('rel="canonical"');
  });

  it('never writes what comes from the address into the page unescaped', async () => {
    const html = (await page('/price-list/%3Cscript%3E?originId=1')).body;
    expect(html).not.toContain('<script>');
    expect(html).toContain('<title>Tarifs VTC au départ de Nice | Riviera VTC</title>');
    const seo = describePage(new URL('https://example.test/price-list/%3Cscript%3E?originId=1'), loadLocaleMeta(dist)!);
    expect(renderSeoTags(seo, 'https://example.test')).toContain('&lt;script&gt;');
  });

  it('sends pages and assets compressed to browsers that accept it', async () => {
    const html = await ctx.app.inject({ method: 'GET', url: '/contact', headers: { 'accept-encoding': 'gzip, br' } });
    expect(html.headers['content-encoding']).toBe('br');
    expect(html.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(html.rawPayload).toString('utf8')).toContain('<title>Contact et devis | Riviera VTC</title>');

    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/app-1234.js', headers: { 'accept-encoding': 'br' } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(asset.rawPayload).toString('utf8')).toContain('console.log');

    const plain = await ctx.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('console.log');
  });

  it('follows a new build of index.html at once (finished pages are kept by file content)', async () => {
    const file = path.join(dist, 'index.html');
    const original = readFileSync(file, 'utf8');
    const before = (await page('/service-vtc-business')).body;
    expect((await page('/service-vtc-business')).body).toBe(before);
    try {
      writeFileSync(file, original.replace('<div id="root"></div>', '<div id="root"></div><!-- build 2 -->'));
      expect((await page('/service-vtc-business')).body).toContain('<!-- build 2 -->');
    } finally {
      writeFileSync(file, original);
    }
  });

  it('has a title and description for every listed page in every language', async () => {
    const titles = new Set<string>();
    for (const pathname of Object.keys(INDEXED_PAGES)) {
      for (const lang of ['fr', 'en', 'ar']) {
        const html = (await page(`${pathname}?lang=${lang}`)).body;
        const title = /<title>([^<]+)<\/title>/.exec(html)?.[1] ?? '';
        const description = /<meta name="description" content="([^"]+)"/.exec(html)?.[1] ?? '';
        expect(title, `${pathname} ${lang}`).toContain('Riviera VTC');
        expect(title, `${pathname} ${lang}`).not.toBe('Riviera VTC');
        expect(description.length, `${pathname} ${lang}`).toBeGreaterThan(50);
        titles.add(title);
      }
    }
    expect(titles.size).toBe(Object.keys(INDEXED_PAGES).length * 3);
  });
});

describe('the shell of step two (a page kept out of the index, docs/decisions/0154)', () => {
  let ctx: TestContext;
  let dist: string;

  beforeAll(async () => {
    dist = fakeWebBuild();
    // The build writes the shell of each page of PAGE_SHELLS in each language, without head tags.
    for (const language of LANGUAGES) {
      writeFileSync(
        path.join(dist, '.vite', 'prerender', language, 'summary.html'),
        `<div class="site"><main id="main"><section class="booking-page" data-page-shell=""><h1 class="page-title">step two ${language}</h1></section></main></div>`,
      );
    }
    ctx = await createTestApp({ WEB_DIST_DIR: dist, PUBLIC_URL: BASE });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const page = (url: string) => ctx.app.inject({ method: 'GET', url });

  it('writes the shell into the root of /summary, in the language of the address, and keeps the page out of the index', async () => {
    for (const url of ['/summary', '/summary?lang=ar', '/summary']) {
      const html = (await page(url)).body;
      const language = url.endsWith('ar') ? 'ar' : 'fr';
      expect(html, url).toContain(`<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}" data-prerender>`);
      expect(html, url).toContain(`<div id="root"><div class="site"><main id="main"><section class="booking-page" data-page-shell=""><h1 class="page-title">step two ${language}</h1>`);
      expect(html, url).toContain('<meta name="robots" content="noindex" />');
      expect(html, url).not.toContain('rel="canonical"');
    }
  });

  it('gives the other noindex pages no shell, before and after /summary was served', async () => {
    for (const url of ['/auth/sign', '/summary', '/auth/sign', '/confirmation']) {
      const html = (await page(url)).body;
      if (url === '/summary') expect(html).toContain('data-page-shell');
      else {
        expect(html, url).not.toContain('data-page-shell');
        expect(html, url).not.toContain('data-prerender');
        expect(html, url).toContain('<div id="root"></div>');
      }
    }
  });
});
