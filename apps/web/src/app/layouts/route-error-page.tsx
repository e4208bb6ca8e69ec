import { useTranslation } from 'react-i18next';
import './route-error-page.css';

/** Last resort when a page fails to render or a chunk fails to load (e.g. after a deploy). */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <main className="error-page" id="main">
      <h1>{t('errorPage.title')}</h1>
      <p>{t('errorPage.text')}</p>
      <a className="btn btn-primary" href="/">
        {t('errorPage.home')}
      </a>
    </main>
  );
}
