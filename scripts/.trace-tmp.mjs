import puppeteer from 'puppeteer-core';
import { spawn } from 'node:child_process';
import path from 'node:path';
const root = '/work/wt/web-perf';
const port = 3127;
const origin = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [path.join(root, 'apps/api/src/server.ts')], { cwd: root, stdio: ['ignore','ignore','inherit'], env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: origin, DATA_DIR: '/tmp/lh/data', WEB_DIST_DIR: path.join(root, '.tmp/lighthouse/web'), LOG_LEVEL: 'warn', MAIL_WORKER: 'false', ADMIN_EMAIL: 'a@b.test', ADMIN_PASSWORD: 'lighthouse-admin-password' } });
for (let i = 0; i < 240; i++) { try { if ((await fetch(`${origin}/api/health`)).ok) break; } catch {} await new Promise(r => setTimeout(r, 500)); }
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless'] });
const page = await browser.newPage();
await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true });
await page.goto(origin + '/'); // warm
await page.tracing.start({ path: '/tmp/lh/trace.json', categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing'] });
await page.goto(origin + '/', { waitUntil: 'networkidle0' });
await new Promise(r => setTimeout(r, 2000));
await page.tracing.stop();
await browser.close();
server.kill('SIGTERM');
