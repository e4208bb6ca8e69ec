import type { ServiceType } from '@vtc/shared/booking/service-types';
import type { Language } from '@vtc/shared/i18n/languages';
import { hireEndsAt } from '@vtc/shared/booking/hire-times';
import { formatParisDateTime, formatParisTime } from '@vtc/shared/time/format-paris';
import { isSameParisDay, parseParisDateTimeLocal } from '@vtc/shared/time/paris-time';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A hire in words (issue 22), for the booking form, the funnel's summary and "Mes réservations":
 * the service's name, its length ("5 h 30", "2 jours") and its end.
 */

/** The words of a hire, in the booking catalogue's language. */
export function useHireWords() {
  const { t } = useTranslation('booking');
  return useMemo(() => {
    /** "5 h", "5 h 30" (hours in steps of minutes). */
    const hoursInWords = (hours: number): string => {
      const whole = Math.floor(hours);
      const minutes = Math.round((hours - whole) * 60);
      return minutes === 0
        ? t('form.hire.duration', { hours: whole })
        : t('form.hire.durationMinutes', { hours: whole, minutes: String(minutes).padStart(2, '0') });
    };
    return {
      /** "Transfert", "Mise à disposition à l'heure", "Mise à disposition à la journée", "Excursion". */
      serviceName: (service: ServiceType): string =>
        ({
          transfer: t('form.services.names.transfer'),
          hourly: t('form.services.names.hourly'),
          daily: t('form.services.names.daily'),
          tour: t('form.services.names.tour'),
        })[service],
      hoursInWords,
      /** The length of a hire: "5 h 30" by the hour (and a tour), "2 jours" by the day; null for a transfer. */
      hireLength: (service: ServiceType, hours: number | null, days: number | null): string | null => {
        if (service === 'daily' && days !== null) return t('form.hire.dayCount', { count: days });
        if ((service === 'hourly' || service === 'tour') && hours !== null) return hoursInWords(hours);
        return null;
      },
    };
  }, [t]);
}

/**
 * The booked end of a hire as the form has it (pickup `datetime-local` on Paris clocks), as the
 * API books it (`hireEndsAt`): pickup + hours; by the day, the last day's pickup time + 8 h.
 * Null while the date is not a date.
 */
export function hireEndFromForm(date: string, service: 'hourly' | 'daily', hours: number, days: number): Date | null {
  const pickupAt = parseParisDateTimeLocal(date);
  if (!pickupAt) return null;
  return hireEndsAt({ serviceType: service, pickupAt, hireMinutes: Math.round(hours * 60), hireDays: days });
}

/** The end in the reader's way: the time alone on the pickup's day, else the date and time. */
export function formatHireEnd(end: Date | string, pickup: Date | string, language: Language): string {
  return isSameParisDay(new Date(end), new Date(pickup)) ? formatParisTime(end, language) : formatParisDateTime(end, language, 'medium');
}
