import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';

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
});
