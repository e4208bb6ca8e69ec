import { useQuery } from '@tanstack/react-query';
import type { CalendarResponse } from '@vtc/shared/planning/planning-schemas';
import { parisIsoDate, shiftIsoDate } from '@vtc/shared/time/paris-time';
import { apiFetch } from '../../../lib/api-fetch';
import { BOOKINGS_KEY } from './bookings-api';

export type PlanningView = 'day' | 'week';

/** Today on Paris clocks, YYYY-MM-DD. */
export const parisToday = () => parisIsoDate(Date.now());

/** The first and the day after the last day shown: the day itself, or Monday to Sunday. */
export function planningRange(view: PlanningView, day: string): { from: string; to: string } {
  if (view === 'day') return { from: day, to: shiftIsoDate(day, 1) };
  const [year, month, date] = day.split('-').map(Number);
  const weekday = new Date(Date.UTC(year!, month! - 1, date!)).getUTCDay();
  const monday = shiftIsoDate(day, -((weekday + 6) % 7));
  return { from: monday, to: shiftIsoDate(monday, 7) };
}

/** The trips of [from, to) (Paris days); under the bookings key, so that a decision refreshes it. */
export function usePlanning(range: { from: string; to: string }) {
  return useQuery({
    queryKey: [...BOOKINGS_KEY, 'calendar', range.from, range.to],
    queryFn: ({ signal }) =>
      apiFetch<CalendarResponse>(`/booking/calendar?from=${range.from}&to=${range.to}`, { signal }).then((body) => body.data),
  });
}
