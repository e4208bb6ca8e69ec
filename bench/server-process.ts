// A bench server (bench/serve.ts) in a child process of its own, so that it does not share an
// event loop with the load generator.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** Starts bench/serve.ts in a child process and resolves with it and its port once it listens. */
export function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    // BENCH_PROFILE=dir writes each server's CPU profile there (open it in Chrome's DevTools).
    const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
    const child = spawn(process.execPath, [...profile, path.join(import.meta.dirname, 'serve.ts')], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((l) => l.startsWith('{"port"'));
      if (line) resolve({ child, port: (JSON.parse(line) as { port: number }).port });
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}
