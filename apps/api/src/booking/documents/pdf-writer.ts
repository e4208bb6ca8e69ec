import { createRequire } from 'node:module';
import bidiFactory from 'bidi-js';
import PDFDocument from 'pdfkit';

/**
 * A small layout layer over PDFKit for the booking documents (decision 0089): one font that covers
 * Latin and Arabic (DejaVu Sans, shaped by PDFKit's fontkit), lines put in visual order with the
 * Unicode bidirectional algorithm (bidi-js), and a page mirrored for right-to-left documents.
 */

const require = createRequire(import.meta.url);
const FONTS = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};
const bidi = bidiFactory();

type Direction = 'ltr' | 'rtl';
type Weight = keyof typeof FONTS;
type Run = { text: string; level: number };

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
const ISOLATES = /[\u2066-\u2069]/;
/**
 * Bidirectional controls (embeddings, overrides, isolates, LRM, RLM, ALM): typed by a customer,
 * an override (U+202E) would draw their text, and the text around it, in an order of their choosing.
 */
const BIDI_CONTROLS = /[\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/g;
/** C0 and C1 controls but the line feed (U+0085, a carriage return…): no glyph, a blank instead. */
const CONTROLS = /[^\P{Cc}\n]/gu;
/** Customer text as it may be drawn: no bidi controls, no control characters. */
const plain = (text: string) => text.replace(BIDI_CONTROLS, '').replace(CONTROLS, ' ');
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
/** Draws without optional OpenType features: kerning offsets split Arabic words for text extractors. */
const TEXT_OPTIONS: PDFKit.Mixins.TextOptions = { lineBreak: false, features: [] };
const PAGE = { width: 595.28, height: 841.89, margin: 48 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;

/** The runs of one line in visual order, left to right (UBA rules L1-L2 applied to runs). */
function visualRuns(text: string, direction: Direction): Run[] {
  const { levels } = bidi.getEmbeddingLevels(text, direction);
  const runs: Run[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    // The isolate marks only steer the algorithm; they are not drawn.
    if (ISOLATES.test(char)) continue;
    const level = levels[i] ?? 0;
    const last = runs.at(-1);
    if (last && last.level === level) last.text += char;
    else runs.push({ text: char, level });
  }
  const highest = Math.max(0, ...runs.map((run) => run.level));
  const lowestOdd = Math.min(...runs.map((run) => (run.level % 2 === 1 ? run.level : Infinity)));
  for (let level = highest; level >= Math.min(lowestOdd, highest) && level >= 1; level--) {
    for (let i = 0; i < runs.length; ) {
      if (runs[i]!.level < level) {
        i++;
        continue;
      }
      let end = i;
      while (end < runs.length && runs[end]!.level >= level) end++;
      runs.splice(i, end - i, ...runs.slice(i, end).reverse());
      i = end;
    }
  }
  return runs;
}

/** A first-strong isolate (FSI … PDI): the text takes the direction of its first strong letter. */
const isolate = (text: string) => `\u2068${text}\u2069`;

const mirror = (text: string) => [...text].map((char) => bidi.getMirroredCharacter(char) ?? char).join('');

/**
 * What to hand PDFKit for one run. fontkit shapes Arabic from logical order and lays an Arabic
 * run out right to left itself, so such a run only has its brackets mirrored; any other
 * right-to-left run (punctuation, spaces between Arabic words) is mirrored and reversed here.
 */
function drawable(run: Run): string {
  if (run.level % 2 === 0) return run.text;
  return ARABIC.test(run.text) ? mirror(run.text) : [...mirror(run.text)].reverse().join('');
}

export type PdfOptions = { direction: Direction; title: string; issuedAt: Date };

export class PdfWriter {
  private readonly doc: PDFKit.PDFDocument;
  private readonly direction: Direction;
  private y = PAGE.margin;

  constructor(options: PdfOptions) {
    this.direction = options.direction;
    this.doc = new PDFDocument({
      size: 'A4',
      margin: PAGE.margin,
      autoFirstPage: true,
      // Fixed metadata: the same frozen data draws the same document.
      info: { Title: options.title, Producer: 'Riviera VTC', Creator: 'Riviera VTC', CreationDate: options.issuedAt, ModDate: options.issuedAt },
      lang: options.direction === 'rtl' ? 'ar' : undefined,
    });
    this.doc.registerFont('regular', FONTS.regular);
    this.doc.registerFont('bold', FONTS.bold);
  }

  private widthOf(text: string, weight: Weight, size: number): number {
    this.doc.font(weight).fontSize(size);
    return this.doc.widthOfString(text.replace(ISOLATES, ''), TEXT_OPTIONS);
  }

  /**
   * A word wider than `width` in pieces that fit, cut between graphemes (so an accent or an emoji
   * stays whole). PDFKit's own wrapper would do it, but only for text it lays out itself, and
   * these lines are drawn run by run in visual order.
   */
  private breakWord(word: string, weight: Weight, size: number, width: number): string[] {
    if (this.widthOf(word, weight, size) <= width) return [word];
    const pieces: string[] = [];
    let piece = '';
    for (const { segment } of graphemes.segment(word)) {
      if (piece !== '' && this.widthOf(piece + segment, weight, size) > width) {
        pieces.push(piece);
        piece = segment;
      } else {
        piece += segment;
      }
    }
    pieces.push(piece);
    return pieces;
  }

  /** Words of `text` broken into lines no wider than `width` (measured in logical order). */
  private wrap(text: string, weight: Weight, size: number, width: number): string[] {
    const lines: string[] = [];
    for (const paragraph of plain(text).split('\n')) {
      let line = '';
      const pieces = paragraph
        .split(/\s+/)
        .filter(Boolean)
        .flatMap((word) => this.breakWord(word, weight, size, width));
      for (const piece of pieces) {
        const candidate = line === '' ? piece : `${line} ${piece}`;
        if (line !== '' && this.widthOf(candidate, weight, size) > width) {
          lines.push(line);
          line = piece;
        } else {
          line = candidate;
        }
      }
      lines.push(line);
    }
    return lines;
  }

  /** One line in visual order inside [x, x + width], at the start or the end of the reading direction. */
  private drawLine(text: string, x: number, width: number, weight: Weight, size: number, align: 'start' | 'end'): void {
    const runs = visualRuns(text, this.direction).map(drawable);
    this.doc.font(weight).fontSize(size);
    const widths = runs.map((run) => this.doc.widthOfString(run, TEXT_OPTIONS));
    const total = widths.reduce((sum, w) => sum + w, 0);
    const atRight = (align === 'start') === (this.direction === 'rtl');
    let cursor = atRight ? x + width - total : x;
    runs.forEach((run, i) => {
      this.doc.text(run, cursor, this.y, TEXT_OPTIONS);
      cursor += widths[i]!;
    });
  }

  private ensureRoom(height: number): void {
    if (this.y + height > PAGE.height - PAGE.margin) {
      this.doc.addPage();
      this.y = PAGE.margin;
    }
  }

  /** A column box mirrored for right-to-left pages: `from` is measured from the reading start. */
  private column(from: number, width: number): number {
    return this.direction === 'rtl' ? PAGE.margin + CONTENT_WIDTH - from - width : PAGE.margin + from;
  }

  /** The title; a second line (the customer's language, decision 0122) beneath it, smaller. */
  title(text: string): this {
    const [first = '', ...rest] = plain(text).split('\n');
    this.ensureRoom(30);
    this.drawLine(isolate(first), PAGE.margin, CONTENT_WIDTH, 'bold', 18, 'start');
    this.y += 28;
    if (rest.length > 0) this.note(rest.join('\n'), 12).space(4);
    return this;
  }

  /** Small lines under the title (the operator's identity), wrapped; each line takes the direction of its first letter. */
  note(text: string, size = 9): this {
    for (const line of this.wrap(text, 'regular', size, CONTENT_WIDTH)) {
      this.ensureRoom(size + 4);
      this.drawLine(isolate(line), PAGE.margin, CONTENT_WIDTH, 'regular', size, 'start');
      this.y += size + 4;
    }
    return this;
  }

  /** A section's heading; its lines (French, then the customer's language) side by side. */
  heading(text: string): this {
    this.y += 8;
    this.ensureRoom(24);
    this.drawLine(plain(text).split('\n').map(isolate).join(' · '), PAGE.margin, CONTENT_WIDTH, 'bold', 12, 'start');
    this.y += 16;
    this.doc
      .moveTo(PAGE.margin, this.y - 2)
      .lineTo(PAGE.margin + CONTENT_WIDTH, this.y - 2)
      .lineWidth(0.5)
      .strokeColor('#888888')
      .stroke();
    this.y += 4;
    return this;
  }

  /**
   * A label and its value side by side; the value wraps in its column. Each value line is a
   * first-strong isolate, so a Latin address or a phone number keeps its own order on an Arabic page;
   * the customer's own bidi controls are dropped (`wrap`), so only these isolates steer it.
   */
  field(label: string, value: string): this {
    const labelWidth = 170;
    const valueWidth = CONTENT_WIDTH - labelWidth - 10;
    const lines = this.wrap(value, 'regular', 10, valueWidth).map(isolate);
    const labels = this.labelLines(label, labelWidth);
    const height = Math.max(14 * lines.length, labels.reduce((sum, line) => sum + line.size + 4, 0));
    this.ensureRoom(height);
    const top = this.y;
    for (const line of labels) {
      this.drawLine(isolate(line.text), this.column(0, labelWidth), labelWidth, line.weight, line.size, 'start');
      this.y += line.size + 4;
    }
    this.y = top;
    for (const line of lines) {
      this.drawLine(line, this.column(labelWidth + 10, valueWidth), valueWidth, 'regular', 10, 'start');
      this.y += 14;
    }
    this.y = top + height;
    return this;
  }

  /**
   * A label's lines: its first paragraph in bold, a second one (the same words in the customer's
   * language, decision 0122) smaller beneath it; each wrapped to the width.
   */
  private labelLines(label: string, width: number, strong = true): { text: string; weight: Weight; size: number }[] {
    const [first = '', ...rest] = plain(label).split('\n');
    const main = strong ? ('bold' as const) : ('regular' as const);
    return [
      ...this.wrap(first, main, 10, width).map((text) => ({ text, weight: main, size: 10 })),
      ...rest.flatMap((paragraph) => this.wrap(paragraph, 'regular', 8.5, width).map((text) => ({ text, weight: 'regular' as const, size: 8.5 }))),
    ];
  }

  /** An amount line: its label, then the amount at the far end. */
  amount(label: string, value: string, strong = false): this {
    const weight: Weight = strong ? 'bold' : 'regular';
    const labels = this.labelLines(label, CONTENT_WIDTH - 130, strong);
    const height = Math.max(16, labels.reduce((sum, line) => sum + line.size + 4, 0) + 2);
    this.ensureRoom(height);
    const top = this.y;
    this.drawLine(isolate(plain(value)), this.column(CONTENT_WIDTH - 120, 120), 120, weight, 10, 'end');
    for (const line of labels) {
      this.drawLine(isolate(line.text), this.column(0, CONTENT_WIDTH - 130), CONTENT_WIDTH - 130, line.weight, line.size, 'start');
      this.y += line.size + 4;
    }
    this.y = top + height;
    return this;
  }

  space(points = 8): this {
    this.y += points;
    return this;
  }

  /** The finished file. */
  async toBuffer(): Promise<Buffer> {
    const chunks: Buffer[] = [];
    const done = new Promise<Buffer>((resolve, reject) => {
      this.doc.on('data', (chunk: Buffer) => chunks.push(chunk));
      this.doc.on('end', () => resolve(Buffer.concat(chunks)));
      this.doc.on('error', reject);
    });
    fixArabicLigatureText(this.doc);
    this.doc.end();
    return done;
  }
}

/**
 * A ligature glyph (lam-alef) stands for two Arabic letters. Text extractors read a right-to-left
 * line in visual order and reverse it, so a ligature's letters must be listed in visual order in
 * the font's ToUnicode map for them to come back in logical order (`pdftotext` gives "الاسم", not
 * "االسم"). PDFKit keeps that map per embedded font in `unicode`; this is the one place reaching
 * into it, and the Arabic PDF test reads the text back to keep it honest.
 */
function fixArabicLigatureText(doc: PDFKit.PDFDocument): void {
  const families = (doc as unknown as { _fontFamilies?: Record<string, { unicode?: number[][] }> })._fontFamilies ?? {};
  for (const font of new Set(Object.values(families))) {
    if (!font.unicode) continue;
    font.unicode = font.unicode.map((codePoints) =>
      codePoints.length > 1 && codePoints.every((code) => ARABIC.test(String.fromCodePoint(code))) ? [...codePoints].reverse() : codePoints,
    );
  }
}
