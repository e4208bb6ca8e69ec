/**
 * A tap on a button of the server's first paint, made before the app listened (docs/decisions/0170).
 * index.html keeps the last button tapped while `<html>` has `data-prerender` and the app has not
 * started; the app stops that (its listeners removed) as it starts hydrating or rendering anew (from
 * then on React takes each tap itself) and
 * presses the kept button once the page has hydrated. Hydration keeps the server's elements, so the
 * button kept is the one the app now runs.
 */

declare global {
  interface Window {
    /** Written by index.html's first script on a page served with its first paint. */
    __earlyTap?: { button: HTMLButtonElement | null; stop: () => void };
  }
}

let pending: HTMLButtonElement | null = null;

/** As the app starts to hydrate: the taps are React's from now on; the one kept waits for the handoff. */
export function stopKeepingEarlyTaps(): void {
  const early = typeof window === 'undefined' ? undefined : window.__earlyTap;
  if (!early) return;
  early.stop();
  window.__earlyTap = undefined;
  pending = early.button;
}

/** Once the page has hydrated: the button tapped before, pressed again, after this commit. A no-op afterwards. */
export function replayEarlyTap(): void {
  const button = pending;
  pending = null;
  if (!button) return;
  setTimeout(() => {
    if (button.isConnected && !button.disabled) button.click();
  }, 0);
}
