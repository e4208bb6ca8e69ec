import { createContext, useContext, useSyncExternalStore } from 'react';

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

const AppStartedContext = createContext(true);

/** Given by AppProviders: false in the prerender and while React hydrates, then true. */
export const AppStartedProvider = AppStartedContext.Provider;

/**
 * As `useHydrated`, for what many components read on every page (the public configuration in the
 * header and footer): the switch comes through a transition in AppProviders, which React renders
 * in slices, not through a store read, which it renders at once in the task that ends the
 * hydration (docs/decisions/0163). True outside AppProviders (unit tests).
 */
export function useAppStarted(): boolean {
  return useContext(AppStartedContext);
}
