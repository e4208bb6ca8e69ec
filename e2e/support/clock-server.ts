import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './accounts';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');

/** A free TCP port on loopback. */
async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  server.close();
  await once(server, 'close');
  return port;
}

export type ClockServer = {
  url: string;
  /** Moves the server's clock to `instant` (real time runs on from there); resolves once applied. */
  setNow(instant: Date): Promise<void>;
  /** Back to real time. */
  realTime(): Promise<void>;
  /** The text of every mail the server wrote (no SMTP: .eml files in its data folder). */
  mails(): string[];
  close(): Promise<void>;
};

/**
 * The real server (`apps/api/src/server.ts`, on the web app the e2e run built) on a port and a
 * fresh database of its own, with a clock the test moves (movable-clock.mjs): for what happens
 * after a trip (its end, overtime, the invoice), which the shared e2e server, on real time, can
 * only reach hours later (decision 0137). Demo data and the e2e admin as on the shared server;
 * `settings` adds or overrides environment variables of this server.
 */
export async function startClockServer(options: { env?: Record<string, string> } = {}): Promise<ClockServer> {
  const port = await freePort();
  const dataDir = path.join(repoRoot, '.tmp', `e2e-clock-${process.pid}-${Date.now()}`);
  mkdirSync(dataDir, { recursive: true });
  const child = spawn(process.execPath, ['--import', pathToFileURL(path.join(import.meta.dirname, 'movable-clock.mjs')).href, path.join(repoRoot, 'apps/api/src/server.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_MAX: '1000',
      // Every spec books from 127.0.0.1: the per-address caps on bookings, quotes and profile updates would fail the run (the API tests prove the caps).
      BOOKING_RATE_LIMIT_ADDRESS_MAX: '1000',
      QUOTE_RATE_LIMIT_ADDRESS_MAX: '1000',
      PROFILE_RATE_LIMIT_ADDRESS_MAX: '1000',
      MAIL_POLL_MS: '200',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  let closing = false;
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  // A server that ends before the test closes it fails the test's next request (ECONNRESET):
  // what it printed is in the run's output, to tell why.
  child.on('exit', (code, signal) => {
    if (!closing) console.error(`the clock server on port ${port} ended (code ${code}, signal ${signal}):\n${output}`);
  });
  const url = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the clock server ended (${child.exitCode}):\n${output}`);
    const healthy = await fetch(`${url}/api/health`).then((response) => response.ok, () => false);
    if (healthy) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the clock server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  const move = async (clockOffsetMs: number) => {
    const applied = new Promise<void>((resolve) => {
      const onMessage = (message: { clockOffsetMs?: number }) => {
        if (message?.clockOffsetMs !== clockOffsetMs) return;
        child.off('message', onMessage);
        resolve();
      };
      child.on('message', onMessage);
    });
    child.send({ clockOffsetMs });
    await applied;
  };

  return {
    url,
    setNow: (instant) => move(instant.getTime() - Date.now()),
    realTime: () => move(0),
    mails() {
      const folder = path.join(dataDir, 'mail');
      let names: string[] = [];
      try {
        names = readdirSync(folder).filter((name) => name.endsWith('.eml'));
      } catch {
        return [];
      }
      // Quoted-printable bodies read back as written: soft line breaks joined, `=3D` as `=`.
      return names.map((name) => readFileSync(path.join(folder, name), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '='));
    },
    async close() {
      closing = true;
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
