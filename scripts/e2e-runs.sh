#!/usr/bin/env bash
# Runs the browser suite N times in a row as CI does (one retry), and writes each run's JSON
# report and one summary line per run (passed, flaky, failed, and the tests that were not green)
# to OUT/summary.txt. For issue 26's "ten runs in a row": run it alone on a quiet machine, in a
# clone of the commit to prove (`bash scripts/e2e-runs.sh 10 /tmp/e2e-runs`).
set -uo pipefail
cd "$(dirname "$0")/.."
runs="${1:-10}"
out="$(mkdir -p "${2:-.tmp/e2e-runs}" && cd "${2:-.tmp/e2e-runs}" && pwd)"
commit="$(git rev-parse --short HEAD)"
export CI=true
npm run build -w apps/web > "$out/build.log" 2>&1 || { echo "the web build failed: $out/build.log"; exit 1; }
for i in $(seq 1 "$runs"); do
  start=$(date +%s)
  PLAYWRIGHT_JSON_OUTPUT_NAME="$out/run-$i.json" npx playwright test -c e2e/playwright.config.ts > "$out/run-$i.log" 2>&1
  rc=$?
  node -e '
    const [file, run, commit, rc, seconds] = process.argv.slice(1);
    const report = JSON.parse(require("node:fs").readFileSync(file, "utf8"));
    const notGreen = [];
    const walk = (suite) => {
      for (const spec of suite.specs ?? []) for (const test of spec.tests) if (test.status !== "expected" && test.status !== "skipped") notGreen.push(`${test.status} ${spec.file}:${spec.line} ${spec.title}`);
      for (const child of suite.suites ?? []) walk(child);
    };
    report.suites.forEach(walk);
    const s = report.stats;
    console.log(`run ${run} commit ${commit} rc ${rc} passed ${s.expected} flaky ${s.flaky} failed ${s.unexpected} ${seconds}s` + notGreen.map((line) => `\n  ${line}`).join(""));
  ' "$out/run-$i.json" "$i" "$commit" "$rc" "$(( $(date +%s) - start ))" >> "$out/summary.txt" 2>/dev/null || echo "run $i rc $rc: no report (see $out/run-$i.log)" >> "$out/summary.txt"
  tail -n +1 "$out/summary.txt" | tail -n 1
  rm -rf .tmp/e2e-data-*
done
cat "$out/summary.txt"
