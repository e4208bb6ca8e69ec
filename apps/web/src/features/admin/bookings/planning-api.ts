import { useQuery } from '@tanstack/react-query';
import type { CalendarResponse } from '@vtc/shared/planning/planning-schemas';
import { getParisParts } from '@vtc/shared/time/paris-time';
import { apiFetch } from '../../../lib/api-fetch';
import { BOOKINGS_KEY } from './bookings-api';

export type PlanningView = 'day' | 'week';

const pad = (value: number) => String(value).padStart(2, '0');
const toDay = (date: Date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

/** Today on Paris clocks, YYYY-MM-DD. */
export function parisToday(): string {
  const p = getParisParts(Date.now());
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** The calendar day `days` after `day` (both YYYY-MM-DD). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number);
  return toDay(new Date(Date.UTC(year!, month! - 1, date! + days)));
}

/** The first and the day after the last day shown: the day itself, or Monday to Sunday. */
export function planningRange(view: PlanningView, day: string): { from: string; to: string } {
  if (view === 'day') return { from: day, to: addDays(day, 1) };
  const [year, month, date] = day.split('-').map(Number);
  const weekday = new Date(Date.UTC(year!, month! - 1, date!)).getUTCDay();
  const monday = addDays(day, -((weekday + 6) % 7));
  return { from: monday, to: addDays(monday, 7) };
}

/** The trips of [from, to) (Paris days); under the bookings key, so that a decision refreshes it. */
export function usePlanning(range: { from: string; to: string }) {
  return useQuery({
    queryKey: [...BOOKINGS_KEY, 'calendar', range.from, range.to],
    queryFn: ({ signal }) =>
      apiFetch<CalendarResponse>(`/booking/calendar?from=${range.from}&to=${range.to}`, { signal }).then((body) => body.data),
  });
}
