import type { MessageCatalogue } from '../i18n/error-messages.ts';

/**
 * The words of a hire's and a tour's form errors (issue 22). The hire and tour parts of the form
 * and the API add them to the message catalogue (`addMessageCatalogue`), so they stay out of the
 * home page's first load (decision 0143).
 */
export const hireMessages = {
  fr: {
    hours_required: 'Indiquez la durée en heures',
    hours_out_of_range: 'De {{min}} à {{max}} heures',
    hours_step: 'Durée par tranches de {{step}} minutes',
    days_required: 'Indiquez le nombre de jours',
    days_out_of_range: 'De 1 à {{max}} jours',
    hours_and_days: 'Indiquez des heures ou des jours, pas les deux',
    tour_required: 'Choisissez une excursion',
  },
  en: {
    hours_required: 'Enter the number of hours',
    hours_out_of_range: 'From {{min}} to {{max}} hours',
    hours_step: 'Duration in steps of {{step}} minutes',
    days_required: 'Enter the number of days',
    days_out_of_range: 'From 1 to {{max}} days',
    hours_and_days: 'Enter hours or days, not both',
    tour_required: 'Choose a tour',
  },
  ar: {
    hours_required: 'أدخل عدد الساعات',
    hours_out_of_range: 'من {{min}} إلى {{max}} ساعات',
    hours_step: 'المدة بفترات من {{step}} دقيقة',
    days_required: 'أدخل عدد الأيام',
    days_out_of_range: 'من 1 إلى {{max}} أيام',
    hours_and_days: 'أدخل الساعات أو الأيام، وليس كليهما',
    tour_required: 'اختر جولة',
  },
} satisfies MessageCatalogue;
