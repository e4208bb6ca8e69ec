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

export type PdfWord = { text: string; page: number; xMin: number; xMax: number; pageWidth: number };

/** Every word of a PDF with its box, as `pdftotext -bbox` places it (points, from the page's left edge). */
export async function pdfWords(bytes: Buffer): Promise<PdfWord[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'vtc-pdf-'));
  try {
    writeFileSync(path.join(dir, 'doc.pdf'), bytes);
    const { stdout } = await run('pdftotext', ['-bbox', '-enc', 'UTF-8', path.join(dir, 'doc.pdf'), '-']);
    const words: PdfWord[] = [];
    let page = 0;
    let pageWidth = 0;
    for (const match of stdout.matchAll(/<page width="([\d.]+)"|<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g)) {
      if (match[1]) {
        page += 1;
        pageWidth = Number(match[1]);
      } else {
        words.push({ text: match[4]!, page, xMin: Number(match[2]), xMax: Number(match[3]), pageWidth });
      }
    }
    return words;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
