import './lib/zod-without-eval';
// App-wide layers first: every component's own stylesheet comes after them in the cascade.
import './styles/tokens.css';
import './styles/base.css';
import './styles/buttons.css';
import './styles/forms.css';
import './styles/tables.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { markServedHeadTags } from './app/layouts/page-meta';
import { AppProviders } from './app/providers';
import { initI18n } from './app/i18n';
import { router } from './app/router';
import { restoreSession } from './lib/api-fetch';
import { applyDocumentLanguage, getStoredLanguage } from './lib/language';

const language = getStoredLanguage();
applyDocumentLanguage(language);
markServedHeadTags();
void initI18n(language);
void restoreSession();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
