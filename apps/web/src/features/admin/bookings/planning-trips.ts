import type { CalendarTrip } from '@vtc/shared/planning/planning-schemas';
import { formatParisTime } from '@vtc/shared/time/format-paris';
import { getStoredLanguage } from '../../../lib/language';
import type { TFunction } from 'i18next';

export type PlanningGroup = 'car' | 'driver';

const parisDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' });

/** The Paris day (YYYY-MM-DD) of an instant: the day a trip is listed under. */
export const parisDayOf = (iso: string) => parisDay.format(new Date(iso));

/** The row a trip sits on: its car, or its chauffeur ("no chauffeur" gathers the unassigned). */
export function tripGroup(trip: CalendarTrip, group: PlanningGroup, t: TFunction<'admin'>): { id: string; title: string } {
  if (group === 'car') return trip.car ? { id: `car-${trip.car.id}`, title: `${trip.car.name} · ${trip.car.plate}` } : { id: 'car-none', title: t('pages.planning.noCar') };
  return trip.driver ? { id: `driver-${trip.driver.id}`, title: trip.driver.name } : { id: 'driver-none', title: t('pages.planning.noDriver') };
}

/** What a screen reader hears for a block, and what the agenda shows; `note` from useLegNote. */
export function tripLabel(trip: CalendarTrip, t: TFunction<'admin'>, note: string | null = null): string {
  const parts = [
    `${formatParisTime(trip.start, getStoredLanguage())} – ${formatParisTime(trip.end, getStoredLanguage())}`,
    trip.reference,
    trip.customerName,
    trip.route,
    t(`bookingStatus.${trip.status}`),
    trip.driver ? trip.driver.name : t('pages.planning.unassigned'),
  ];
  if (note) parts.splice(2, 0, note);
  const flight = flightFlag(trip, t);
  if (flight) parts.splice(1, 0, flight);
  return parts.join(' · ');
}

/** A cancelled flight, or a delay the pickup could not follow, as the planning flags it (decision 0144). */
export function flightFlag(trip: CalendarTrip, t: TFunction<'admin'>): string | null {
  return trip.flight ? t(`pages.planning.flight.${trip.flight}`) : null;
}
