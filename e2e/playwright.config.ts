import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/accounts';
import { paymentStubEnv } from './support/payment-stubs';
import { smsStubEnv } from './support/sms-stub';
import { flightStubEnv } from './support/flight-stub';
import { smtpSinkPort } from './support/smtp-sink';

const repoRoot = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

// A fresh database folder per run; worker processes inherit it through the environment.
process.env.E2E_DATA_DIR ??= path.join(repoRoot, '.tmp', `e2e-data-${Date.now()}`);

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  // Two workers, each driving Chromium, and the server share two cores: a test of a whole journey
  // that takes 10-20 s on a quiet machine took 27-31 s while other work ran beside the suite. A
  // test's budget is twice its slowest quiet run; a stuck test still ends within a minute.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  // `npm test` asks for a JSON report (PLAYWRIGHT_JSON_OUTPUT_NAME) to count the tests that ran.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : 'list',
  outputDir: path.join(repoRoot, 'test-results'),
  use: {
    baseURL,
    locale: 'fr-FR',
    // A trace (DOM snapshots, no screencast) only when a test is run again after a failure.
    // 'retain-on-failure' records every test, and its screencast was most of Chromium's work on two
    // cores: 34 tests took 6.1 min with it, 3.9 min with snapshots only and 3.6 min without a trace,
    // and two of them failed their first attempt at their timeouts (decision 0159).
    trace: { mode: 'on-first-retry', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    browserName: 'chromium',
    launchOptions: {
      // Debian's headless shell of the same Chromium: what Playwright itself runs for headless tests.
      // The whole suite took 9.2 min with it against 11.6 with the full browser, which spends
      // its time on a browser's own work (decision 0160). E2E_CHROMIUM=/usr/bin/chromium runs the full one.
      executablePath: process.env.E2E_CHROMIUM ?? '/usr/bin/chromium-headless-shell',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
  webServer: {
    command: 'node scripts/start.mjs',
    cwd: repoRoot,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      // Nearly every test logs in, through the login page or the API; the per-minute login limit must not fail the run.
      AUTH_RATE_LIMIT_MAX: '1000',
      // Every spec books from 127.0.0.1: the per-address caps on bookings, quotes and profile updates would fail the run (the API tests prove the caps).
      BOOKING_RATE_LIMIT_ADDRESS_MAX: '1000',
      QUOTE_RATE_LIMIT_ADDRESS_MAX: '1000',
      PROFILE_RATE_LIMIT_ADDRESS_MAX: '1000',
      // Mail goes to a real SMTP server started by support/global-setup.ts, polled often.
      SMTP_URL: `smtp://127.0.0.1:${smtpSinkPort(port)}`,
      MAIL_POLL_MS: '200',
      // Deposits by card and PayPal go to loopback stubs started by support/global-setup.ts.
      ...paymentStubEnv(port),
      // Texts to customers who agreed go to a Twilio stub started by support/global-setup.ts.
      ...smsStubEnv(port),
      // Flights are followed through an AeroDataBox stub started by support/global-setup.ts (decision 0144).
      ...flightStubEnv(port),
    },
  },
});
