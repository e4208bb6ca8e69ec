import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/platform/db/client.ts';
import { mailOutbox } from '../../src/platform/db/schema.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';

/** An SMTP server on loopback that holds each message until the test lets it through. */
async function startHoldingSmtp() {
  const received: string[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let holding!: () => void;
  const held = new Promise<void>((resolve) => (holding = resolve));
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        holding();
        void released.then(() => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `smtp://127.0.0.1:${port}`, received, held, release, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('graceful shutdown of the server process', () => {
  let dataDir: string;
  let server: ServerProcess;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'vtc-shutdown-'));
    server = await startServerProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      // Far below the idle timeout of a keep-alive connection: a shutdown waiting on one fails.
      SHUTDOWN_TIMEOUT_MS: '3000',
      ADMIN_EMAIL: 'boss@example.test',
      ADMIN_PASSWORD: 'a-long-admin-password',
    });
  }, 120_000);
  afterAll(async () => {
    await server?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('on SIGTERM stops accepting, finishes the request in flight, and exits 0', async () => {
    const body = JSON.stringify({ email: 'boss@example.test', password: 'a-long-admin-password' });
    const half = Math.floor(body.length / 2);
    // A slow client: the request is under way (headers sent, half the body) when the signal comes.
    const slow = request(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      slow.on('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
      slow.on('error', reject);
    });
    slow.write(body.slice(0, half));
    await server.waitForOutput('"url":"/api/auth/login"');

    server.child.kill('SIGTERM');
    await server.waitForOutput('shutting down');
    // No new connection is accepted once shutting down.
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();

    slow.end(body.slice(half));
    const response = await answered;
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toMatchObject({ user: { email: 'boss@example.test' } });

    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('"msg":"stopped"');
  }, 60_000);

  it('on SIGTERM lets the mail being sent finish and records it as sent before the database closes', async () => {
    const smtp = await startHoldingSmtp();
    const mailDataDir = mkdtempSync(path.join(tmpdir(), 'vtc-shutdown-mail-'));
    const mailing = await startServerProcess({
      DATA_DIR: mailDataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      SMTP_URL: smtp.url,
      MAIL_POLL_MS: '100',
      ADMIN_EMAIL: 'boss@example.test',
      ADMIN_PASSWORD: 'a-long-admin-password',
    });
    try {
      const forgot = await fetch(`${mailing.url}/api/auth/forgotPassword`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'boss@example.test' }),
      });
      expect(forgot.status).toBe(200);
      await smtp.held;

      mailing.child.kill('SIGTERM');
      await mailing.waitForOutput('shutting down');
      smtp.release();
      expect(await mailing.exited).toBe(0);
      expect(smtp.received).toHaveLength(1);

      const database = createDatabase({ kind: 'pglite', dataDir: path.join(mailDataDir, 'db') });
      try {
        const rows = await database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'password_reset'));
        expect(rows.map((row) => row.status)).toEqual(['sent']);
      } finally {
        await database.close();
      }
    } finally {
      await mailing.kill();
      await smtp.close();
      rmSync(mailDataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
