import type { Language } from '@vtc/shared/i18n/languages';

/** The deposit's name on the provider's page, beside the booking number. */
export const DEPOSIT_LABEL: Record<Language, string> = { fr: 'Acompte de réservation', en: 'Booking deposit', ar: 'عربون الحجز' };

/** A month-end statement's name on the provider's page, beside its number (decision 0150). */
export const STATEMENT_LABEL: Record<Language, string> = { fr: 'Facture', en: 'Invoice', ar: 'فاتورة' };
