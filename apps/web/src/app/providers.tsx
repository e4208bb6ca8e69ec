import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { lazy, startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { GlobalLoaderProvider } from '../components/ui/global-loader';
import { Spinner } from '../components/ui/spinner';
import { AppStartedProvider } from '../lib/use-hydrated';
import { i18n } from './i18n';
import { queryClient } from './query-client';

// Toasts come after hydration, with their library's own chunk: not in the home page's first
// download (docs/decisions/0069). A toast shown before is queued by the library until then.
const ToastArea = lazy(() => import('./toast-area'));

function LoaderWithLabel({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return <GlobalLoaderProvider label={t('pleaseWait')}>{children}</GlobalLoaderProvider>;
}

/** Shown while the first translation files load (no text is known yet). */
function BootFallback() {
  return (
    <div className="boot-fallback">
      <Spinner label="…" size="large" />
    </div>
  );
}

interface AppProvidersProps {
  children: ReactNode;
  /** The build-time prerender (src/prerender) gives its own, one per language, with no fetching. */
  i18n?: I18n;
  queryClient?: QueryClient;
}

export function AppProviders({ children, i18n: translations = i18n, queryClient: client = queryClient }: AppProvidersProps) {
  // The prerendered markup has no toast area: it comes right after hydration (docs/decisions/0069),
  // through a transition, as does the switch of useAppStarted. A store read (useHydrated) would
  // switch it in a synchronous render, and the page's Suspense boundary below, still dehydrated,
  // would then hydrate all at once in one long task instead of in slices (docs/decisions/0124).
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => startTransition(() => setInBrowser(true)), []);
  return (
    <I18nextProvider i18n={translations}>
      <QueryClientProvider client={client}>
        <AppStartedProvider value={inBrowser}>
          <Suspense fallback={<BootFallback />}>
            <LoaderWithLabel>{children}</LoaderWithLabel>
          </Suspense>
        </AppStartedProvider>
        {inBrowser ? (
          <Suspense fallback={null}>
            <ToastArea />
          </Suspense>
        ) : null}
      </QueryClientProvider>
    </I18nextProvider>
  );
}
