import { addMessageCatalogue, translateMessage, type MessageCatalogue } from '../i18n/error-messages.ts';
import type { Language } from '../i18n/languages.ts';

/**
 * Why a car has no hire or tour price (issue 22): reasons only an admin reads, at step two and on
 * the phone booking, so their words stay out of the home page's first load (decision 0143).
 */
export const hireReasonMessages = {
  fr: {
    no_hire_rate: 'Aucun tarif horaire pour cette voiture',
    no_tour_price: 'Aucun prix d’excursion pour cette voiture',
  },
  en: {
    no_hire_rate: 'No hourly rate for this car',
    no_tour_price: 'No tour price for this car',
  },
  ar: {
    no_hire_rate: 'لا توجد تعريفة بالساعة لهذه السيارة',
    no_tour_price: 'لا يوجد سعر جولة لهذه السيارة',
  },
} satisfies MessageCatalogue;

/** A car offer's reason in the reader's language (`car_not_allowed`, `no_season`, `no_hire_rate`...). */
export function offerReasonText(reason: string, language: Language): string {
  addMessageCatalogue(hireReasonMessages);
  return translateMessage(reason, language);
}
