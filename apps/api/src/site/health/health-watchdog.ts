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
 * caught too.
 */
export function startHealthWatchdog({ check, limitMs, onStuck }: HealthWatchdogOptions): { stop(): void } {
  let lastHealthyAt = Date.now();
  let lastError: unknown;
  let checking = false;

  const tick = () => {
    const failingForMs = Date.now() - lastHealthyAt;
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
        lastHealthyAt = Date.now();
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
