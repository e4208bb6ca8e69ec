import type { Language } from '@vtc/shared/i18n/languages';

/** The deposit's name on the provider's page, beside the booking number. */
export const DEPOSIT_LABEL: Record<Language, string> = { fr: 'Acompte de réservation', en: 'Booking deposit', ar: 'عربون الحجز' };
