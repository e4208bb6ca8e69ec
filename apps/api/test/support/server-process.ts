import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';

const SERVER_ENTRY = path.resolve(import.meta.dirname, '../../src/server.ts');

export type ServerProcess = {
  child: ChildProcess;
  url: string;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  /** Resolves when the output holds `text`; rejects if the process ends first. */
  waitForOutput(text: string): Promise<void>;
  kill(): Promise<void>;
};

/** A free TCP port on loopback, for a child process that must be told its port. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  server.close();
  await once(server, 'close');
  return port;
}

/**
 * The real server (`src/server.ts`, as `npm start` runs it) in a child process of its own, on a
 * port of its own; resolves once it answers `/api/health`.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    for (const waiter of waiters) waiter();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => {
      resolve(code ?? signal ?? 'unknown');
      for (const waiter of waiters) waiter();
    });
  });

  const waitForOutput = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (output.includes(text)) {
          waiters.delete(check);
          resolve();
        } else if (child.exitCode !== null || child.signalCode !== null) {
          waiters.delete(check);
          reject(new Error(`server ended before saying "${text}":\n${output}`));
        }
      };
      waiters.add(check);
      check();
    });

  const server: ServerProcess = {
    child,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    waitForOutput,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
  try {
    await waitForOutput('Riviera VTC is running');
  } catch (error) {
    await server.kill();
    throw error;
  }
  return server;
}
