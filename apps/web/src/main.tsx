import './lib/zod-without-eval';
// App-wide layers first: every component's own stylesheet comes after them in the cascade.
import './styles/tokens.css';
import './styles/base.css';
import './styles/buttons.css';
import './styles/forms.css';
import './styles/tables.css';
// The indexed pages' blocks (intro, text and image sections): in the inlined first stylesheet, so
// the prerendered sections are laid out before their page's chunk arrives (no layout shift).
import './components/marketing/marketing-blocks.css';
// The funnel's steps and page frame: step two's first paint, written by the server, is laid out
// with them before any chunk arrives (features/booking/summary-shell.tsx, docs/decisions/0154).
import './features/booking/booking-steps.css';
import './features/booking/booking-page-head.css';
// The home's booking form (its first screen): its stylesheets come with the page, not as six late
// links whose arrival each restyles the whole page while the form's code loads (docs/decisions/0163).
import './components/ui/tabs.css';
import './components/trip/location-picker.css';
import './components/trip/counter-field.css';
import './components/trip/party-fields.css';
import './features/booking/booking-funnel.css';
import './features/booking/collapsible.css';
import './features/booking/booking-form.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { markServedHeadTags } from './app/layouts/page-meta';
import { AppProviders } from './app/providers';
import { initI18n, loadPageTranslations } from './app/i18n';
import { queryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { restoreSession } from './lib/api-fetch';
import { stopKeepingEarlyTaps } from './lib/early-tap';
import { applyDocumentLanguage, getStoredLanguage } from './lib/language';

const language = getStoredLanguage();
applyDocumentLanguage(language);
markServedHeadTags();
void restoreSession();
// Step two's offers are asked for now, while the page's code downloads (its chunk is preloaded by
// index.html), not once it has rendered (docs/decisions/0124).
if (/^\/summary\/?$/.test(window.location.pathname)) {
  void import('./features/booking/booking-api').then(({ prefetchStepTwo }) => prefetchStepTwo(queryClient));
}

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

/** The app around its router (app/router.tsx). */
function app(router = createAppRouter()) {
  return (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
}

// An indexed page, or step two loading (docs/decisions/0154), comes with its markup inside the root,
// rendered at build time from these components in the address's language (docs/decisions/0068,
// 0069): React hydrates it, once the texts it shows are loaded. Elsewhere, or in another stored language, the app renders anew.
// The page is painted before this script is asked for (index.html); the hydration runs as a
// transition, which React renders in slices of a few milliseconds: a slow phone answers a tap
// before the whole tree is hydrated (docs/decisions/0115).
if (document.documentElement.hasAttribute('data-prerender') && container.firstElementChild) {
  // The router is made in a task of its own while the texts load, not with the modules above nor
  // in the task that starts the hydration: on a phone each of the three is a long task (making the
  // router, its routes ranked, is one of about 30 ms here; docs/decisions/0168).
  const router = new Promise<ReturnType<typeof createAppRouter>>((resolve) => setTimeout(() => resolve(createAppRouter()), 0));
  void Promise.all([loadPageTranslations(language).catch(() => undefined), router]).then(([, made]) => {
    setTimeout(() => {
      const page = app(made);
      // React listens from here: a tap kept before is pressed again once the page has hydrated.
      stopKeepingEarlyTaps();
      startTransition(() => {
        hydrateRoot(container, page);
      });
    }, 0);
  });
} else {
  // The first paint's markup goes: a tap kept on it is dropped with it.
  stopKeepingEarlyTaps();
  container.replaceChildren();
  document.documentElement.removeAttribute('data-prerender-stale');
  void initI18n(language);
  createRoot(container).render(app());
}
