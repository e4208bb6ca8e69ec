import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/**
 * The port of the SMTP server the e2e app sends to (playwright.config.ts passes SMTP_URL).
 * Derived from the app's port so runs on other ports do not collide.
 */
export function smtpSinkPort(appPort: number): number {
  return Number(process.env.E2E_SMTP_PORT ?? appPort + 10000);
}

/** Where received messages are kept: the app's mail folder, as if it had written them itself. */
export function mailFolder(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  return path.join(dataDir, 'mail');
}

/** A real SMTP server on loopback that stores each message it accepts as an .eml file. */
export async function startSmtpSink(port: number, folder: string): Promise<() => Promise<void>> {
  mkdirSync(folder, { recursive: true });
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received += 1;
        writeFileSync(path.join(folder, `smtp-${Date.now()}-${received}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Decodes quoted-printable and base64 parts so a test can look for the words it sent. */
export function readableMail(raw: string): string {
  const unfolded = raw.replace(/=\r?\n/g, '');
  const quotedPrintable = unfolded.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const base64Parts = [...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/gi)].map((match) =>
    Buffer.from((match[1] ?? '').replace(/\s/g, ''), 'base64').toString('utf8'),
  );
  return [Buffer.from(quotedPrintable, 'latin1').toString('utf8'), ...base64Parts].join('\n');
}

/** The mails received so far, decoded, newest last. */
export function receivedMails(): string[] {
  const folder = mailFolder();
  let files: string[] = [];
  try {
    files = readdirSync(folder).filter((file) => file.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return files.map((file) => readableMail(readFileSync(path.join(folder, file), 'utf8')));
}
