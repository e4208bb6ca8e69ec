import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguageSwitcher } from './language-switcher';
import './mission-layout.css';

/**
 * The chauffeur's pages (/mission): no site navigation and no sign-in, only the brand and the
 * language switch, so the mission fills a phone's screen (decision 0083).
 */
export function MissionLayout() {
  const { t } = useTranslation();
  return (
    <div className="mission-layout">
      <header className="mission-bar">
        <span className="mission-brand">{t('brand')}</span>
        <LanguageSwitcher />
      </header>
      <main className="mission-main">
        <Outlet />
      </main>
    </div>
  );
}
