import { Suspense, type ReactNode } from 'react';
import { PrerenderHandoff } from '../../components/ui/prerender-handoff';
import { PageSpinner } from '../../components/ui/page-spinner';

/**
 * The boundary of a page that loads with its own chunk. The build-time prerender wraps the
 * indexed pages in it too, so that the prerendered markup has the same boundaries as the app:
 * while the page's chunk loads, React keeps that markup and hydrates it once the chunk is in.
 */
export function Lazy({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<PageSpinner />}>
      {children}
      {/* Commits with the page, never with the spinner: the app has then taken over the first paint. */}
      <PrerenderHandoff />
    </Suspense>
  );
}
