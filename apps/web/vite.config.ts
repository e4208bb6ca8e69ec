import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { createServer, defineConfig, type Plugin } from 'vite';
import { HERO_IMAGES, imageSrcSet, imageUrl } from './src/components/ui/site-images.js';
import type * as RenderPageModule from './src/prerender/render-page';

const root = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = process.env.VITE_API_PROXY ?? 'http://localhost:3000';

const TALL_UP_TO = 720;

/** The home hero picture, from the image catalogue: preloaded by the inline script of index.html. */
function heroPicture(): Plugin {
  const { heroWide, heroTall } = HERO_IMAGES;
  const preloads = [
    { media: `(max-width: ${TALL_UP_TO}px)`, href: imageUrl(heroTall, heroTall.widths[0]), srcset: imageSrcSet(heroTall) },
    { media: `(min-width: ${TALL_UP_TO + 1}px)`, href: imageUrl(heroWide, heroWide.widths[0]), srcset: imageSrcSet(heroWide) },
  ];
  return {
    name: 'hero-picture',
    transformIndexHtml: (html) => html.replace('__HERO_PRELOAD__', JSON.stringify(preloads)),
  };
}

/**
 * The chunks a page needs at once, which index.html asks for with the entry's: step two's page
 * (no first paint from the server), and the booking form of the home (its first screen), whose
 * download the hydration would otherwise start from inside its render (docs/decisions/0124).
 */
const ROUTE_CHUNKS: Record<string, string> = {
  '/': '/src/features/booking/booking-form.tsx',
  '/summary': '/src/features/booking/summary-page.tsx',
};

/**
 * Takes the app's script tags out of index.html and hands their addresses to its inline script,
 * which asks for them after the first paint of a prerendered page (docs/decisions/0115). The dev
 * server keeps its own tag (`null`: the inline script leaves it alone).
 */
function appScriptsAfterFirstPaint(): Plugin {
  return {
    name: 'app-scripts-after-first-paint',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle) return html.replace('__APP_SCRIPTS__', 'null');
        let entry = '';
        const modules: string[] = [];
        const rest = html
          .replace(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/, (_tag, src: string) => {
            entry = src;
            return '';
          })
          .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_tag, href: string) => {
            modules.push(href);
            return '';
          });
        if (!entry) throw new Error('index.html: the entry script tag was not found');
        // A page that is not prerendered waits for its chunk and the chunks it imports: the inline
        // script asks for them with the entry's, instead of once the entry has run (docs/decisions/0124).
        const loaded = new Set([entry, ...modules].map((href) => href.replace(/^\//, '')));
        const chunks = Object.values(context.bundle).filter((item) => item.type === 'chunk');
        const routes: Record<string, string[]> = {};
        for (const [route, source] of Object.entries(ROUTE_CHUNKS)) {
          const page = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(source));
          if (!page) throw new Error(`index.html: no chunk for ${source}`);
          const files = new Set<string>();
          const visit = (fileName: string) => {
            const chunk = chunks.find((item) => item.fileName === fileName);
            if (!chunk || files.has(fileName) || loaded.has(fileName)) return;
            files.add(fileName);
            for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
            for (const child of chunk.imports) visit(child);
          };
          visit(page.fileName);
          routes[route] = [...files].map((file) => `/${file}`);
        }
        return rest.replace('__APP_SCRIPTS__', JSON.stringify({ entry, modules: [entry, ...modules], routes }));
      },
    },
  };
}

/**
 * Puts the entry stylesheet (app-wide layers, shell and home, ~5 KB compressed) inside index.html: the first
 * paint then needs no second request, which on a phone network is the longest wait before it.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        return html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (tag, fileName: string) => {
          const asset = bundle[fileName];
          if (!asset || asset.type !== 'asset') return tag;
          const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
          return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
        });
      },
    },
  };
}

/**
 * Writes `.br` and `.gz` beside every text file of the build (hashed assets, locale files), so
 * the server sends them compressed without compressing on each request
 * (apps/api/src/plugins/precompressed-assets.ts).
 */
function precompress(): Plugin {
  let outDir = '';
  const compressible = /\.(js|css|json|svg|txt|xml)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? walk(full) : [full];
    });
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!compressible.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
        const source = readFileSync(file);
        if (source.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 10 } }));
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

/**
 * After the client build, renders each indexed page in each language from the app's own
 * components (src/prerender/render-page.tsx) into `.vite/prerender/{language}{path}.html`,
 * which the server writes after the app's root, and the tags of its <head> into
 * `{language}{path}.head.html`, which the server writes into the head (apps/api/src/site/seo/seo-prerender.ts,
 * docs/decisions/0068, 0069).
 */
function prerenderPages(): Plugin {
  let outDir = '';
  let ssr = false;
  return {
    name: 'prerender-pages',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (ssr) return;
      const server = await createServer({
        root,
        configFile: false,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        resolve: { alias: [{ find: /^react-toastify$/, replacement: 'react-toastify/unstyled' }] },
      });
      try {
        const entry = (await server.ssrLoadModule('/src/prerender/render-page.tsx')) as typeof RenderPageModule;
        const resources: Record<string, Record<string, unknown>> = {};
        for (const language of entry.LANGUAGES) {
          const dir = path.join(root, 'public', 'locales', language);
          resources[language] = Object.fromEntries(
            readdirSync(dir)
              .filter((name) => name.endsWith('.json'))
              .map((name) => [name.replace(/\.json$/, ''), JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as unknown]),
          );
        }
        for (const pathname of [...Object.keys(entry.INDEXED_PAGES), ...entry.PAGE_SHELLS]) {
          const indexed = pathname in entry.INDEXED_PAGES;
          for (const language of entry.LANGUAGES) {
            const file = path.join(outDir, '.vite', 'prerender', language, pathname === '/' ? 'index.html' : `${pathname.slice(1)}.html`);
            mkdirSync(path.dirname(file), { recursive: true });
            const { head, body } = entry.renderPage(pathname, language, resources as never);
            writeFileSync(file, body);
            // A page's shell keeps the server's noindex tags (docs/decisions/0154).
            if (indexed) writeFileSync(file.replace(/\.html$/, '.head.html'), head);
          }
        }
      } finally {
        await server.close();
      }
    },
  };
}

export default defineConfig({
  root,
  plugins: [react(), heroPicture(), appScriptsAfterFirstPaint(), inlineEntryCss(), prerenderPages(), precompress()],
  resolve: {
    // react-toastify's main entry writes its CSS into a <style> element at run time, which the
    // Content-Security-Policy refuses; its unstyled entry plus its stylesheet (imported by
    // app/toast-area.tsx) behave the same without an inline style (decision 0056).
    alias: [{ find: /^react-toastify$/, replacement: 'react-toastify/unstyled' }],
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // scripts/lighthouse.mjs reads it to measure the JavaScript the home page needs first.
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate files stay cached across deploys.
        // Only the libraries every page needs are grouped with the entry; the form libraries
        // (zod, react-hook-form) load with the first page that has a form (docs/decisions/0031).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/ },
            // react-toastify is not here: the toasts load after the first render (app/providers.tsx).
            { name: 'vendor', test: /node_modules[\\/](i18next|react-i18next|@tanstack|html-parse-stringify|void-elements)[\\/]/ },
            { name: 'forms', test: /node_modules[\\/](zod|react-hook-form|@hookform)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/uploads': { target: apiTarget, changeOrigin: true },
    },
  },
});
