import type { InvoiceLine } from '@vtc/shared/booking/booking-responses';
import type { Language } from '@vtc/shared/i18n/languages';
import { documentI18n, type DocumentCopy } from './document-words.ts';
import { formatNumber } from '@vtc/shared/i18n/format-number';

/** A number the French way, as every amount and date of a document is written (decision 0122). */
const frenchNumber = (value: number) => formatNumber(value, 'fr', { maximumFractionDigits: 1 });

/**
 * The words of a hire's lines on a document (decision 0137): "Mise à disposition 5 h", "Mise à
 * disposition 2 jours", "Excursion « Monaco et Èze » (4 h)", "Dépassement 45 min",
 * "32 km supplémentaires"; on the customer's copy each in their language beneath, the tour's
 * name in each language.
 */
export function lineWordsIn(copy: DocumentCopy, language: Language): (line: Pick<InvoiceLine, 'kind' | 'hours' | 'days' | 'tourName' | 'minutes' | 'km'>) => string {
  const t = documentI18n(copy).getFixedT(language, 'document');
  return (line) => {
    switch (line.kind) {
      case 'hourly':
        return t('line.hourly', { hours: frenchNumber(line.hours ?? 0) });
      case 'daily':
        return t('line.daily', { count: line.days ?? 1 });
      case 'tour':
        return line.tourName
          ? t('line.tour', { name: line.tourName, hours: frenchNumber(line.hours ?? 0) })
          : t('line.tour_unnamed', { hours: frenchNumber(line.hours ?? 0) });
      case 'overtime':
        return t('line.overtime', { minutes: line.minutes ?? 0 });
      case 'extra_km':
        return t('line.extra_km', { km: frenchNumber(line.km ?? 0) });
    }
  };
}
