import i18next from 'i18next';
import arDocument from './locales/ar/document.json' with { type: 'json' };
import ar from './locales/ar/mail.json' with { type: 'json' };
import enDocument from './locales/en/document.json' with { type: 'json' };
import en from './locales/en/mail.json' with { type: 'json' };
import frDocument from './locales/fr/document.json' with { type: 'json' };
import fr from './locales/fr/mail.json' with { type: 'json' };

/**
 * The words of every mail, from locales/{language}/mail.json, and of the PDF documents (vouchers,
 * invoices), from locales/{language}/document.json. A template takes its `t` with
 * `mailI18n.getFixedT(language, 'mail')` (or 'document'), the form the translation check reads, so
 * a key used but missing, missing in one language or never used fails `npm run lint` (docs/decisions/0064).
 */
export const mailI18n = i18next.createInstance();
void mailI18n.init({
  resources: { fr: { mail: fr, document: frDocument }, en: { mail: en, document: enDocument }, ar: { mail: ar, document: arDocument } },
  lng: 'fr',
  fallbackLng: false,
  ns: ['mail', 'document'],
  defaultNS: 'mail',
  initAsync: false,
  // renderMail escapes for the HTML part; the text part and the PDFs must stay as written.
  interpolation: { escapeValue: false },
});
