export type HealthWatchdogOptions = {
  /** Resolves when the process is healthy; rejects (or never settles) when it is not. */
  check: () => Promise<void>;
  /** How long the health may fail without a break before `onStuck` (ms). */
  limitMs: number;
  /** Called once, when the health has failed for `limitMs`; the caller ends the process. */
  onStuck: (failure: { failingForMs: number; lastError: unknown }) => void;
};

/** Longest pause between two checks: a short limit is checked several times within it. */
const MAX_CHECK_INTERVAL_MS = 5_000;

/**
 * Ends a process that is alive but no longer serves (issue 25: a pool that lost its connections
 * answered 503 for good, and a supervisor restarts only a process that exits). The health is
 * checked every few seconds; a check still pending counts as failing, so a check that hangs is
 * caught too. It measures on the monotonic clock: a wall clock set forward (an NTP step, or a test
 * server whose clock is moved, e2e/support/movable-clock.mjs) is not a failure that lasted.
 */
export function startHealthWatchdog({ check, limitMs, onStuck }: HealthWatchdogOptions): { stop(): void } {
  let lastHealthyAt = performance.now();
  let lastError: unknown;
  let checking = false;

  const tick = () => {
    const failingForMs = Math.round(performance.now() - lastHealthyAt);
    if (failingForMs >= limitMs) {
      clearInterval(timer);
      onStuck({ failingForMs, lastError });
      return;
    }
    if (checking) return;
    checking = true;
    check().then(
      () => {
        checking = false;
        lastHealthyAt = performance.now();
        lastError = undefined;
      },
      (error: unknown) => {
        checking = false;
        lastError = error;
      },
    );
  };

  const timer = setInterval(tick, Math.min(MAX_CHECK_INTERVAL_MS, Math.max(1, Math.floor(limitMs / 4))));
  // The watchdog alone must not keep a stopping process alive.
  timer.unref();
  return {
    stop: () => clearInterval(timer),
  };
}
