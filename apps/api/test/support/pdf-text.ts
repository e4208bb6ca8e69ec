import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The text of a PDF as `pdftotext` (poppler) reads it back. */
export async function pdfText(bytes: Buffer): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'vtc-pdf-'));
  try {
    writeFileSync(path.join(dir, 'doc.pdf'), bytes);
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', path.join(dir, 'doc.pdf'), '-']);
    return stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
