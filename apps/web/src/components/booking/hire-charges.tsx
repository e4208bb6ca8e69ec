import { formatNumber } from '@vtc/shared/i18n/format-number';
import type { InvoiceLine } from '@vtc/shared/booking/booking-responses';
import type { ServiceType } from '@vtc/shared/booking/service-types';
import type { Language } from '@vtc/shared/i18n/languages';
import { formatEuros } from '@vtc/shared/pricing/format-euros';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import './hire-charges.css';

/** What a hire says of itself on the back office, the chauffeur's page and "Mes réservations" (decision 0137). */
export type HireService = { serviceType: ServiceType; hours: number | null; days: number | null; tourName: { fr: string; en: string; ar: string } | null };

/**
 * A service in words, in the page's language: "Transfert", "Mise à disposition 5 h",
 * "Mise à disposition 2 jours", "Excursion « Monaco et Èze » (4 h)".
 */
export function useServiceWords() {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  return useCallback(
    (service: HireService): string => {
      const number = (value: number) => formatNumber(value, language, { maximumFractionDigits: 1 });
      switch (service.serviceType) {
        case 'transfer':
          return t('hireWords.transfer');
        case 'hourly':
          return service.hours === null ? t('hireWords.hourlyName') : t('hireWords.hourly', { hours: number(service.hours) });
        case 'daily':
          return service.days === null ? t('hireWords.dailyName') : t('hireWords.daily', { count: service.days });
        case 'tour':
          return service.tourName ? t('hireWords.tour', { name: service.tourName[language], hours: number(service.hours ?? 0) }) : t('hireWords.tourName');
      }
    },
    [t, language],
  );
}

/** An invoice line's words: the service booked, "Dépassement 45 min", "32 km supplémentaires". */
function useLineWords() {
  const { t, i18n } = useTranslation();
  const service = useServiceWords();
  const language = i18n.language as Language;
  return (line: InvoiceLine): string => {
    switch (line.kind) {
      case 'overtime':
        return t('hireWords.overtime', { minutes: line.minutes ?? 0 });
      case 'extra_km':
        return t('hireWords.extraKm', { km: formatNumber(line.km ?? 0, language, { maximumFractionDigits: 1 }) });
      default:
        return service({ serviceType: line.kind, hours: line.hours ?? null, days: line.days ?? null, tourName: line.tourName ?? null });
    }
  };
}

/**
 * A hire's invoice lines (decision 0137), each with its amount: the service booked, then what
 * its end added and why. The drawer and "Mes réservations" show them.
 */
export function HireCharges({ lines, language }: { lines: readonly InvoiceLine[]; language: Language }) {
  const words = useLineWords();
  return (
    <ul className="hire-charges">
      {lines.map((line) => (
        <li key={line.kind}>
          <span>{words(line)}</span>
          <span className="hire-charges-amount">{formatEuros(line.cents, language)}</span>
        </li>
      ))}
    </ul>
  );
}
