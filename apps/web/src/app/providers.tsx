import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/ReactToastify.css';
import { GlobalLoaderProvider } from '../components/ui/global-loader';
import { installToastRules } from '../lib/toast-rules';
import { Spinner } from '../components/ui/spinner';
import { i18n } from './i18n';
import { queryClient } from './query-client';

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

// One toast at a time, gone when the user moves to another page (decision 0101).
installToastRules();

export function AppProviders({ children }: { children: ReactNode }) {
  const rtl = document.documentElement.dir === 'rtl';
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={<BootFallback />}>
          <LoaderWithLabel>{children}</LoaderWithLabel>
        </Suspense>
        <ToastContainer
          position="bottom-right"
          theme="dark"
          autoClose={5000}
          closeOnClick
          draggable
          pauseOnFocusLoss
          rtl={rtl}
          newestOnTop
        />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
