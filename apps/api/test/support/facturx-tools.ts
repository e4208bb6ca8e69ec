import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const XSD = path.join(import.meta.dirname, 'cii-xsd/Factur-X_1.07.3_EN16931.xsd');

/** The files embedded in a PDF (`pdfdetach -list`) and the first one's text (`pdfdetach -save 1`). */
export async function detach(pdf: Buffer): Promise<{ names: string[]; xml: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'vtc-facturx-'));
  try {
    writeFileSync(path.join(dir, 'doc.pdf'), pdf);
    const { stdout } = await run('pdfdetach', ['-list', path.join(dir, 'doc.pdf')]);
    const names = stdout
      .split('\n')
      .slice(1)
      .map((line) => line.replace(/^\d+:\s*/, '').trim())
      .filter(Boolean);
    if (names.length === 0) return { names, xml: '' };
    await run('pdfdetach', ['-save', '1', '-o', path.join(dir, 'out.xml'), path.join(dir, 'doc.pdf')]);
    return { names, xml: readFileSync(path.join(dir, 'out.xml'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** xmllint's verdict on an XML against the vendored Factur-X EN 16931 (CII D16B) schema: "validates", or its errors. */
export async function schemaCheck(xml: string): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'vtc-cii-'));
  try {
    writeFileSync(path.join(dir, 'factur-x.xml'), xml);
    const result = await run('xmllint', ['--noout', '--schema', XSD, path.join(dir, 'factur-x.xml')]).then(
      (done) => done.stderr,
      (error: { stderr: string }) => error.stderr,
    );
    return result.trim().replace(`${path.join(dir, 'factur-x.xml')} `, '');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
