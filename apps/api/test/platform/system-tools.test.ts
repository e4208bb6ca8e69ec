import { spawnSync } from 'node:child_process';
import { mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/config.ts';

const script = path.join(REPO_ROOT, 'scripts/system-tools.sh');

/** Runs the check with a PATH that holds only the given commands (and what bash itself needs). */
function checkWith(commands: string[]) {
  const bin = mkdtempSync(path.join(tmpdir(), 'system-tools-'));
  for (const name of commands) symlinkSync(`/usr/bin/${name}`, path.join(bin, name));
  return spawnSync('/bin/bash', [script], { env: { PATH: bin }, encoding: 'utf8' });
}

describe('npm test checks the system tools first (scripts/system-tools.sh)', () => {
  it('stops with the one command that installs what is missing', () => {
    const result = checkWith([]);
    expect(result.status).toBe(1);
    // Chromium and its headless shell are looked for at their absolute paths, so they are missing
    // here only on a machine without them.
    expect(result.stderr).toMatch(/Missing system packages: (chromium-headless-shell )?(chromium )?poppler-utils libxml2-utils\n/);
    expect(result.stderr).toMatch(
      /apt-get update && apt-get install -y --no-install-recommends (chromium-headless-shell )?(chromium )?poppler-utils libxml2-utils\n/,
    );
  });

  it('passes silently when every tool is there', () => {
    const result = checkWith(['pdftotext', 'pdftoppm', 'pdfdetach', 'xmllint']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
