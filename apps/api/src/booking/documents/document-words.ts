import type { Language } from '@vtc/shared/i18n/languages';
import { mailI18n } from '../../platform/mail/mail-i18n.ts';

/** Who a document is drawn for: the company keeps a French copy; the customer gets theirs. */
export type DocumentCopy = 'company' | 'customer';

/** A value put in a sentence: the same in every language, or one per language (a tour's name). */
export type WordValue = string | number | Record<Language, string>;
type Words = (key: string, options?: Record<string, WordValue>) => string;

/** The options as one language reads them. */
const valuesIn = (options: Record<string, WordValue>, language: Language) =>
  Object.fromEntries(Object.entries(options).map(([name, value]) => [name, typeof value === 'object' ? value[language] : value]));

/**
 * The words of a document (decisions 10, 0122). French binds: every copy is French, its dates
 * and amounts written the French way. The customer's copy, when they book in another language,
 * carries that language's words beneath each French one and says that the French text binds.
 * Used as `documentI18n(copy).getFixedT(language, 'document')`, the form the translation check reads.
 */
export function documentI18n(copy: DocumentCopy) {
  return {
    getFixedT(language: Language, namespace: 'document') {
      const french = mailI18n.getFixedT('fr', namespace);
      const other = copy === 'customer' && language !== 'fr' ? mailI18n.getFixedT(language, namespace) : null;
      /** French, then the customer's language on a line of its own (the PDF writer lays such lines out). */
      const t: Words & { bilingual: boolean } = Object.assign(
        (key: string, options: Record<string, WordValue> = {}) =>
          other ? `${french(key, valuesIn(options, 'fr'))}\n${other(key, valuesIn(options, language))}` : french(key, valuesIn(options, 'fr')),
        { bilingual: other !== null },
      );
      return t;
    },
  };
}
