import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { startHealthWatchdog } from '../../src/site/health/health-watchdog.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.ts';
import { createTestDatabase } from '../support/test-database.ts';

const onPostgres = Boolean(inject('postgresUrl'));

describe('health watchdog', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const watch = (check: () => Promise<void>) => {
    const onStuck = vi.fn();
    const watchdog = startHealthWatchdog({ check, limitMs: 10_000, onStuck });
    return { onStuck, watchdog };
  };

  it('ends the process once the health has failed for the whole limit, not before', async () => {
    const lost = new Error('timeout exceeded when trying to connect');
    const { onStuck } = watch(() => Promise.reject(lost));

    await vi.advanceTimersByTimeAsync(9_000);
    expect(onStuck).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(onStuck).toHaveBeenCalledOnce();
    expect(onStuck.mock.calls[0]![0]).toEqual({ failingForMs: expect.toSatisfy((ms: number) => ms >= 10_000), lastError: lost });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(onStuck).toHaveBeenCalledOnce();
  });

  it('counts a check that never answers as failing', async () => {
    const { onStuck } = watch(() => new Promise<void>(() => undefined));
    await vi.advanceTimersByTimeAsync(11_000);
    expect(onStuck).toHaveBeenCalledOnce();
  });

  it('leaves alone a process whose health comes back within the limit, and stops when told', async () => {
    let healthy = true;
    const { onStuck, watchdog } = watch(() => (healthy ? Promise.resolve() : Promise.reject(new Error('database unreachable'))));
    for (let outage = 0; outage < 3; outage += 1) {
      healthy = false;
      await vi.advanceTimersByTimeAsync(4_000);
      healthy = true;
      await vi.advanceTimersByTimeAsync(4_000);
    }
    expect(onStuck).not.toHaveBeenCalled();

    watchdog.stop();
    healthy = false;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(onStuck).not.toHaveBeenCalled();
  });

  it('leaves alone a healthy process whose wall clock is set years forward or back (an NTP step, a moved test clock)', async () => {
    const { onStuck } = watch(() => Promise.resolve());
    await vi.advanceTimersByTimeAsync(4_000);
    vi.setSystemTime(Date.now() + 4 * 365 * 86_400_000);
    await vi.advanceTimersByTimeAsync(6_000);
    vi.setSystemTime(Date.now() - 8 * 365 * 86_400_000);
    await vi.advanceTimersByTimeAsync(6_000);
    expect(onStuck).not.toHaveBeenCalled();
  });
});

describe.runIf(onPostgres)('a server whose health keeps failing', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let proxy: TcpProxy;
  let server: ServerProcess | undefined;
  let dataDir: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const url = new URL(database.url!);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    dataDir = mkdtempSync(path.join(tmpdir(), 'vtc-watchdog-'));
  });
  afterAll(async () => {
    await server?.kill();
    await proxy?.close();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('exits with code 1 once HEALTH_WATCHDOG_SECONDS have passed, for its supervisor to restart it', async () => {
    const url = new URL(database.url!);
    url.host = `127.0.0.1:${proxy.port}`;
    server = await startServerProcess({
      DATABASE_URL: url.toString(),
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      HEALTH_WATCHDOG_SECONDS: '2',
    });
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

    await proxy.stop();
    const startedFailing = Date.now();
    expect((await fetch(`${server.url}/api/health`)).status).toBe(503);

    expect(await server.exited).toBe(1);
    expect(Date.now() - startedFailing).toBeGreaterThanOrEqual(1_500);
    expect(server.output()).toContain('health failing for too long');
  }, 60_000);
});
