import './lib/zod-without-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { initI18n } from './app/i18n';
import { router } from './app/router';
import { restoreSession } from './lib/api-fetch';
import { applyDocumentLanguage, getStoredLanguage } from './lib/language';
import './styles/global.css';

const language = getStoredLanguage();
applyDocumentLanguage(language);
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
