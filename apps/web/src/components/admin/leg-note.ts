import type { CalendarTrip } from '@vtc/shared/planning/planning-schemas';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useServiceWords } from '../booking/hire-charges';

/**
 * What a leg is besides its route: a return, or a hire (decision 0137), "Mise à disposition 5 h",
 * "Mise à disposition 2 jours, jour 2 sur 2", a tour's name; null for a transfer's outbound leg.
 */
export function useLegNote() {
  const { t } = useTranslation('admin');
  const service = useServiceWords();
  return useCallback(
    (trip: CalendarTrip): string | null => {
      if (trip.leg === 'return') return t('pages.planning.returnLeg');
      if (!trip.hire) return null;
      const words = service({ serviceType: trip.serviceType, ...trip.hire });
      if (trip.serviceType !== 'daily' || !trip.hire.days) return words;
      const day = Number(/^day-(\d+)$/.exec(trip.leg)?.[1] ?? 1);
      return `${words}, ${t('pages.planning.hireDay', { n: day, days: trip.hire.days })}`;
    },
    [t, service],
  );
}

