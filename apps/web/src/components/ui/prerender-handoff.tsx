import { useLayoutEffect } from 'react';
import { replayEarlyTap } from '../../lib/early-tap';
import './prerender-handoff.css';

/**
 * Marks the end of the first paint the server wrote for this page (rendered from these
 * components at build time by src/prerender, written inside the app's root by
 * apps/api/src/site/seo/seo-prerender.ts): once the page has hydrated, or rendered anew where
 * it had no markup, `<html>` loses `data-prerender` (docs/decisions/0069). The router's lazy
 * pages get it from their Suspense wrapper (<PrerenderHandoff />); the home page, in the first
 * download, calls the hook. A button tapped before the app listened is then pressed again
 * (lib/early-tap.ts). A no-op afterwards.
 */
export function usePrerenderHandoff(): void {
  useLayoutEffect(() => {
    document.documentElement.removeAttribute('data-prerender');
    replayEarlyTap();
  }, []);
}

export function PrerenderHandoff(): null {
  usePrerenderHandoff();
  return null;
}
