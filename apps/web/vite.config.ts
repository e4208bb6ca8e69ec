import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { HERO_IMAGES, imageHeight, imageSrcSet, imageUrl } from './src/components/ui/site-images.js';

const root = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = process.env.VITE_API_PROXY ?? 'http://localhost:3000';

const TALL_UP_TO = 720;

/**
 * The home hero picture, from the image catalogue: preloaded by the inline script of
 * index.html, and written by the server into the first paint of `/` (apps/api/src/plugins/
 * seo-prerender.ts reads `.vite/hero.json`), so both match what the page renders.
 */
function heroPicture(): Plugin {
  const { heroWide, heroTall } = HERO_IMAGES;
  const last = (widths: readonly number[]) => widths[widths.length - 1] ?? 0;
  const preloads = [
    { media: `(max-width: ${TALL_UP_TO}px)`, href: imageUrl(heroTall, heroTall.widths[0]), srcset: imageSrcSet(heroTall) },
    { media: `(min-width: ${TALL_UP_TO + 1}px)`, href: imageUrl(heroWide, heroWide.widths[0]), srcset: imageSrcSet(heroWide) },
  ];
  const picture = {
    tall: { media: `(max-width: ${TALL_UP_TO}px)`, srcset: imageSrcSet(heroTall), width: last(heroTall.widths), height: imageHeight(heroTall, last(heroTall.widths)) },
    wide: { src: imageUrl(heroWide, heroWide.widths[0]), srcset: imageSrcSet(heroWide), width: last(heroWide.widths), height: imageHeight(heroWide, last(heroWide.widths)) },
  };
  let outDir = '';
  return {
    name: 'hero-picture',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: (html) => html.replace('__HERO_PRELOAD__', JSON.stringify(preloads)),
    closeBundle() {
      mkdirSync(path.join(outDir, '.vite'), { recursive: true });
      writeFileSync(path.join(outDir, '.vite', 'hero.json'), JSON.stringify(picture));
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

export default defineConfig({
  root,
  plugins: [react(), heroPicture(), inlineEntryCss(), precompress()],
  resolve: {
    // react-toastify's main entry writes its CSS into a <style> element at run time, which the
    // Content-Security-Policy refuses; its unstyled entry plus its stylesheet (imported by
    // providers.tsx) behave the same without an inline style (decision 0056).
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
            { name: 'vendor', test: /node_modules[\\/](i18next|i18next-http-backend|react-i18next|@tanstack|react-toastify|clsx|html-parse-stringify|void-elements)[\\/]/ },
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
