import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The e-mails the e2e server wrote: without SMTP it saves each one as an .eml file under
 * DATA_DIR/mail (decisions 7). Parsed just enough to read recipients and text bodies.
 */
export interface SavedMail {
  to: string;
  subject: string;
  text: string;
}

function mailDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  return path.join(dataDir, 'mail');
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const text = body.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i += 1) {
    const hex = text[i] === '=' ? text.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function splitHead(part: string): { headers: string; body: string } {
  const index = part.search(/\r?\n\r?\n/);
  if (index < 0) return { headers: part, body: '' };
  return { headers: part.slice(0, index), body: part.slice(index).replace(/^\r?\n\r?\n/, '') };
}

function header(headers: string, name: string): string {
  const unfolded = headers.replace(/\r?\n[ \t]+/g, ' ');
  const match = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded);
  return match?.[1]?.trim() ?? '';
}

function decodePart(headers: string, body: string): string {
  const encoding = header(headers, 'Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** The text/plain content of a MIME message (first text part, nested multiparts included). */
function textOf(raw: string): string {
  const { headers, body } = splitHead(raw);
  const type = header(headers, 'Content-Type');
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!boundary) return decodePart(headers, body);
  for (const part of body.split(`--${boundary}`).slice(1)) {
    if (part.startsWith('--')) break;
    const inner = splitHead(part.replace(/^\r?\n/, ''));
    const innerType = header(inner.headers, 'Content-Type').toLowerCase();
    if (innerType.startsWith('multipart/')) {
      const nested = textOf(part.replace(/^\r?\n/, ''));
      if (nested) return nested;
    } else if (innerType.startsWith('text/plain')) {
      return decodePart(inner.headers, inner.body);
    }
  }
  return '';
}

export function readMails(): SavedMail[] {
  let names: string[];
  try {
    names = readdirSync(mailDir()).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  return names.map((name) => {
    const raw = readFileSync(path.join(mailDir(), name), 'utf8');
    const { headers } = splitHead(raw);
    return { to: header(headers, 'To'), subject: header(headers, 'Subject'), text: textOf(raw) };
  });
}

/**
 * The path and query of the first link in a saved mail that matches, e.g.
 * `/booking\?id=12&status=true&token=[^\s]+/`, or null while no such mail was sent.
 */
export function findMailLink(pattern: RegExp, to?: string): string | null {
  for (const mail of readMails()) {
    if (to && !mail.to.toLowerCase().includes(to.toLowerCase())) continue;
    const match = pattern.exec(mail.text);
    if (match) {
      const url = new URL(match[0], 'http://localhost');
      return `${url.pathname}${url.search}`;
    }
  }
  return null;
}

/** The path of the verification link mailed to this address, or null while none has arrived. */
export function verificationLink(to: string): string | null {
  return findMailLink(/https?:\/\/[^\s/]+\/verify-email\?token=[^\s>"]+/, to);
}
