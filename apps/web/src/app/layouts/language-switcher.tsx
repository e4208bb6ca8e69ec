import { LANGUAGES, isLanguage } from '@vtc/shared/i18n/languages';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { GlobeIcon } from '../../components/ui/icons';
import { getStoredLanguage, switchLanguage } from '../../lib/language';

export function LanguageSwitcher() {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="language-switcher">
      <label htmlFor={id} className="visually-hidden">
        {t('nav.language')}
      </label>
      <GlobeIcon />
      <select
        id={id}
        className="language-select"
        value={getStoredLanguage()}
        onChange={(event) => {
          if (isLanguage(event.target.value)) switchLanguage(event.target.value);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`languages.${language}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
