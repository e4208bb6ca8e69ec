import { useLayoutEffect } from 'react';

/**
 * Replaces the first paint the server wrote for this page (apps/api/src/plugins/seo-prerender.ts)
 * by the app, before the browser paints again: the page swaps in place without a blank frame.
 * Called by each page that has such a first paint; a no-op afterwards.
 */
export function usePrerenderHandoff(): void {
  useLayoutEffect(() => {
    document.getElementById('prerender')?.remove();
    document.documentElement.removeAttribute('data-prerender');
  }, []);
}
