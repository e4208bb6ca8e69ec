import { useLayoutEffect } from 'react';
import './prerender-handoff.css';

/**
 * Replaces the first paint the server wrote for this page (rendered from these components at
 * build time by src/prerender, written by apps/api/src/site/seo/seo-prerender.ts) by the app,
 * before the browser paints again: the page swaps in place without a blank frame.
 * The router's lazy pages get it from their Suspense wrapper (<PrerenderHandoff />); the home
 * page, in the first download, calls the hook. A no-op afterwards.
 */
export function usePrerenderHandoff(): void {
  useLayoutEffect(() => {
    document.getElementById('prerender')?.remove();
    document.documentElement.removeAttribute('data-prerender');
  }, []);
}

export function PrerenderHandoff(): null {
  usePrerenderHandoff();
  return null;
}
