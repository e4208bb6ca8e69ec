import { useEffect } from 'react';
import type { PageMeta } from './page-meta';

/**
 * Keeps the title, description, canonical address, language alternates and Open Graph tags in
 * step with the page shown. The tags of the first page come written by the server, so the code
 * that writes them (page-meta.ts) loads after the first screen.
 */
export function usePageMeta(meta: PageMeta): void {
  const { title, description, path, language, indexable, imageAlt } = meta;
  useEffect(() => {
    let current = true;
    void import('./page-meta').then(({ applyPageMeta }) => {
      if (current) applyPageMeta({ title, description, path, language, indexable, imageAlt });
    });
    return () => {
      current = false;
    };
  }, [title, description, path, language, indexable, imageAlt]);
}
