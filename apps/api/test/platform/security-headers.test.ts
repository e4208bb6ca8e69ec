import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/config.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';

/** A web build whose index.html has an inline script and style of its own, unknown to the server's code. */
function webBuild(marker: string): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'vtc-csp-web-'));
  writeFileSync(
    path.join(dist, 'index.html'),
    [
      '<!doctype html>',
      '<html lang="fr" dir="ltr">',
      '  <head>',
      `    <script>document.documentElement.dataset.marker = ${JSON.stringify(marker)};</script>`,
      '    <!-- seo:start -->',
      '    <title>Riviera VTC</title>',
      '    <!-- seo:end -->',
      `    <style>body{--marker:"${marker}"}</style>`,
      '  </head>',
      '  <body>',
      '    <div id="root"></div>',
      '    <script type="module" src="/assets/index-1.js"></script>',
      '  </body>',
      '</html>',
    ].join('\n'),
  );
  cpSync(path.join(REPO_ROOT, 'apps/web/public/locales'), path.join(dist, 'locales'), { recursive: true });
  return dist;
}

function policy(response: { headers: Record<string, unknown> }): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

function inlineBlocks(html: string): { scripts: string[]; styles: string[] } {
  return {
    scripts: [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!),
    styles: [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]!),
  };
}

describe('security headers', () => {
  let ctx: TestContext;
  let dist: string;

  beforeAll(async () => {
    dist = webBuild('first-build');
    ctx = await createTestApp({ WEB_DIST_DIR: dist, MAPS_API_KEY: 'maps-key-kept-on-the-server' });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('come with every answer: pages, API, errors, 404', async () => {
    for (const url of ['/', '/contact?lang=ar', '/api/config/public', '/api/nothing', '/api/docs/json', '/locales/fr/common.json']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      const csp = policy(response);
      expect(csp.get('default-src'), url).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(csp.get('object-src'), url).toEqual(["'none'"]);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      // Served over plain HTTP: no HSTS, no upgrade of requests.
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
      expect(csp.has('upgrade-insecure-requests'), url).toBe(false);
    }
  });

  it('open the API to no other site: no CORS header on a read, a preflight refused', async () => {
    const origin = { origin: 'https://elsewhere.example' };
    const read = await ctx.app.inject({ method: 'GET', url: '/api/config/public', headers: origin });
    expect(read.statusCode).toBe(200);
    const preflight = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/user/booking/add',
      headers: { ...origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.statusCode).toBe(404);
    for (const response of [read, preflight]) {
      expect(Object.keys(response.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    }
    // The browser then refuses to send the cross-site request: the booking was never asked for.
    expect(preflight.json()).toMatchObject({ code: 'not_found' });
  });

  it('allow exactly the inline script and style of the pages served, never unsafe-inline', async () => {
    for (const url of ['/', '/contact?lang=ar', '/system?lang=en', '/price-list/vtc-nice?originId=1', '/auth/sign']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      expect(response.headers['content-type'], url).toContain('text/html');
      const csp = policy(response);
      const { scripts, styles } = inlineBlocks(response.body);
      expect(scripts.length, url).toBeGreaterThan(0);
      expect(styles.length, url).toBeGreaterThan(0);
      for (const script of scripts) expect(csp.get('script-src'), url).toContain(hashOf(script));
      for (const style of styles) expect(csp.get('style-src'), url).toContain(hashOf(style));
      expect(String(response.headers['content-security-policy'])).not.toContain('unsafe-inline');
      expect(csp.get('script-src-attr'), url).toEqual(["'none'"]);
    }
  });

  it('are hashed from the build found at start, not written in the code', async () => {
    const otherDist = webBuild('second-build');
    const other = await createTestApp({ WEB_DIST_DIR: otherDist });
    try {
      const first = policy(await ctx.app.inject({ method: 'GET', url: '/' })).get('script-src');
      const second = await other.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'identity' } });
      const [script] = inlineBlocks(second.body).scripts;
      expect(policy(second).get('script-src')).toContain(hashOf(script!));
      expect(first).not.toContain(hashOf(script!));
    } finally {
      await other.close();
      rmSync(otherDist, { recursive: true, force: true });
    }
  });

  it('let the API docs pages alone use inline styles, never inline scripts', async () => {
    const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger-ui');
    expect(policy(docs).get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy(docs).get('script-src')).not.toContain("'unsafe-inline'");
    expect(policy(await ctx.app.inject({ method: 'GET', url: '/' })).get('style-src')).not.toContain("'unsafe-inline'");
  });

  it('add HSTS and upgrade-insecure-requests when the site is served over TLS', async () => {
    const tls = await createTestApp({ PUBLIC_URL: 'https://www.riviera-vtc.test' });
    try {
      const response = await tls.app.inject({ method: 'GET', url: '/api/config/public' });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(policy(response).has('upgrade-insecure-requests')).toBe(true);
    } finally {
      await tls.close();
    }
  });
});

describe('public configuration', () => {
  it('carries no maps key, even when one is configured', async () => {
    const ctx = await createTestApp({ MAPS_API_KEY: 'maps-key-kept-on-the-server' });
    try {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/config/public' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).not.toHaveProperty('mapsKey');
      expect(response.body).not.toContain('maps-key-kept-on-the-server');
    } finally {
      await ctx.close();
    }
  });
});
