import { FREE_CANCELLATION_HOURS } from '@vtc/shared/booking/cancellation-policy';
import { isLanguage, type Language } from '@vtc/shared/i18n/languages';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLocale } from '@vtc/shared/i18n/format-locale';
import { usePublicConfig } from '../../lib/public-config';
import { formatNumber } from '@vtc/shared/i18n/format-number';

/**
 * The deposit and holiday surcharge of @vtc/shared/pricing/price-trip (business-terms.test.ts
 * checks they agree). Not imported from there: that module pulls the Paris clock, whose time
 * zone set-up costs a phone ~50 ms before the first screen.
 */
export const DEPOSIT_PERCENT = 20;
export const HOLIDAY_SURCHARGE_PERCENT = 20;

/**
 * The night of the price calculation (decisions §3: 19h-5h, NIGHT_START_HOUR and NIGHT_END_HOUR of
 * @vtc/shared/time/paris-time; business-terms.test.ts checks they agree): the pages promise the
 * hours pricing applies, and no more (decision 0123).
 */
export const PRICING_NIGHT = { startHour: 19, endHour: 5 } as const;

/**
 * A whole hour as the reader writes it (decision 0102): "20:00" in French and Arabic (24-hour,
 * Western digits), "8:00 pm" in English. Not the shared formatter: this module stays off the
 * Paris clock (see above).
 */
export function formatClockHour(hour: number, language: Language): string {
  return new Intl.DateTimeFormat(formatLocale(language), {
    hour: language === 'en' ? 'numeric' : '2-digit',
    minute: '2-digit',
    ...(language === 'en' ? { hour12: true } : { hourCycle: 'h23' as const }),
    timeZone: 'UTC',
  }).format(Date.UTC(2024, 0, 1, hour));
}

export function formatPercent(percent: number, language: Language, signed = false): string {
  return new Intl.NumberFormat(formatLocale(language), {
    style: 'percent',
    signDisplay: signed ? 'exceptZero' : 'auto',
  }).format(percent / 100);
}

export interface BusinessTerms extends Record<string, string> {
  surcharge: string;
  deposit: string;
  nightStart: string;
  nightEnd: string;
  hours: string;
}

/** The free-cancellation notice, formatted for the page language ("48"). */
export function useCancellationHours(): string {
  const { i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'fr';
  return useMemo(() => formatNumber(FREE_CANCELLATION_HOURS, language), [language]);
}

/** The figures quoted in the marketing copy, formatted for the page language. */
export function useBusinessTerms(): BusinessTerms {
  const { i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'fr';
  // The holiday surcharge the server prices with (HOLIDAY_SURCHARGE_PERCENT) once its configuration
  // is here; the prerendered first paint says the default.
  const configured = usePublicConfig().data?.holidaySurchargePercent ?? HOLIDAY_SURCHARGE_PERCENT;
  return useMemo(
    () => ({
      surcharge: formatPercent(configured, language, true),
      deposit: formatPercent(DEPOSIT_PERCENT, language),
      nightStart: formatClockHour(PRICING_NIGHT.startHour, language),
      nightEnd: formatClockHour(PRICING_NIGHT.endHour, language),
      hours: formatNumber(FREE_CANCELLATION_HOURS, language),
    }),
    [language, configured],
  );
}
