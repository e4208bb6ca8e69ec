import type { Language } from './languages.ts';

/**
 * The messages the browser's API client writes itself, when the API gave none (no answer, a 401
 * or 404 without a body, a broken answer). Apart from the full catalogue (error-messages.ts, which
 * spreads them) so that the client, in the home page's first download, does not bring every form's
 * and the API's words with it (docs/decisions/0154).
 */
export const transportMessages = {
  fr: {
    unauthorized: 'Veuillez vous connecter',
    not_found: 'Ressource introuvable',
    internal_error: 'Une erreur interne est survenue',
    service_unavailable: 'Service momentanément indisponible',
  },
  en: {
    unauthorized: 'Please log in',
    not_found: 'Not found',
    internal_error: 'An internal error occurred',
    service_unavailable: 'Service temporarily unavailable',
  },
  ar: {
    unauthorized: 'يرجى تسجيل الدخول',
    not_found: 'غير موجود',
    internal_error: 'حدث خطأ داخلي',
    service_unavailable: 'الخدمة غير متاحة مؤقتًا',
  },
} as const satisfies Record<Language, Record<string, string>>;

export type TransportMessageKey = keyof (typeof transportMessages)['fr'];

/** The words of one of these messages in `language`. */
export function transportMessage(key: TransportMessageKey, language: Language): string {
  return transportMessages[language][key];
}
