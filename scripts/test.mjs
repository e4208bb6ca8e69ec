// `npm test`: every check in order — the system tools the tests need, types, lint (with
// translations and dead code), unit and API tests (Vitest), then the browser tests (Playwright).
// Stops at the first failing step, prints each step's time against the suite's budget, and ends
// with one "N passed, N failed" line counting the tests that ran.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.tmp/test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const vitestReport = path.join(reports, 'vitest.json');
const playwrightReport = path.join(reports, 'playwright.json');
/** The whole of `npm test` on the project's 2-core machine (decision 0111). */
const BUDGET_MINUTES = 35;
const steps = [
  ['system tools', 'bash', ['scripts/system-tools.sh']],
  ['type check', 'npm', ['run', 'typecheck']],
  ['lint', 'npm', ['run', 'lint']],
  ['unit and API tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]],
  ['browser tests', 'npm', ['run', 'test:e2e']],
];

let passed = 0;
let failed = 0;
function count() {
  if (existsSync(vitestReport)) {
    const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    rmSync(vitestReport);
  }
  if (existsSync(playwrightReport)) {
    const { stats } = JSON.parse(readFileSync(playwrightReport, 'utf8'));
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected;
    rmSync(playwrightReport);
  }
}

const minutes = (ms) => `${(ms / 60_000).toFixed(1)} min`;
const started = Date.now();
const timings = [];
function printTimings() {
  const total = Date.now() - started;
  console.log('\nTime per step:');
  for (const [name, ms] of timings) console.log(`  ${name.padEnd(20)} ${minutes(ms)}`);
  console.log(`  ${'total'.padEnd(20)} ${minutes(total)} (budget ${BUDGET_MINUTES} min)`);
  if (total > BUDGET_MINUTES * 60_000) console.log(`⚠ over the ${BUDGET_MINUTES}-minute budget of npm test`);
}

for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}`);
  const stepStarted = Date.now();
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
  });
  timings.push([name, Date.now() - stepStarted]);
  count();
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed`);
    printTimings();
    console.log(`${passed} passed, ${Math.max(failed, 1)} failed`);
    process.exit(result.status ?? 1);
  }
}
printTimings();
console.log(`\n${passed} passed, ${failed} failed`);
