import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False while React hydrates the prerendered markup of a page, and in the build-time prerender;
 * true in every other render (docs/decisions/0069). A component that would show something else in
 * the browser renders the prerender's version first, then switches right after hydration.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
