import i18next from 'i18next';
import ar from './locales/ar/mail.json' with { type: 'json' };
import en from './locales/en/mail.json' with { type: 'json' };
import fr from './locales/fr/mail.json' with { type: 'json' };

/**
 * The words of every mail, from locales/{language}/mail.json. A template takes its `t` with
 * `mailI18n.getFixedT(language, 'mail')`, the form the translation check reads, so a key used
 * but missing, missing in one language or never used fails `npm run lint` (docs/decisions/0064).
 */
export const mailI18n = i18next.createInstance();
void mailI18n.init({
  resources: { fr: { mail: fr }, en: { mail: en }, ar: { mail: ar } },
  lng: 'fr',
  fallbackLng: false,
  ns: ['mail'],
  defaultNS: 'mail',
  initAsync: false,
  // renderMail escapes for the HTML part; the text part must stay as written.
  interpolation: { escapeValue: false },
});
