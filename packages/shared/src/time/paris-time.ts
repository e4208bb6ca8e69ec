/**
 * Europe/Paris wall-clock time, whatever the server's or browser's zone: by the EU clock rule in
 * its years (checked against Intl's time zone data when the server starts), by Intl elsewhere.
 * Business rules (night, same day, lead time, seasons, holidays) are judged on these parts.
 */

export const PARIS_TIME_ZONE = 'Europe/Paris';
/** Minimum lead time between now and a pickup (spec section 5, decisions 4). */
export const MIN_LEAD_MINUTES = 120;
/** Night tariff: pickup hour >= 19 or < 5 (decisions 3; the marketing text says 20h-7h). */
export const NIGHT_START_HOUR = 19;
export const NIGHT_END_HOUR = 5;

import { addDays, isoDate, type CalendarDate } from '../calendar/easter-sunday.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** A wall-clock moment in Paris. `month` is 1-12; `weekday` is 0 (Sunday) to 6 (Saturday), as `Date#getDay`. */
export interface ParisParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
}

/** The wall-clock fields needed to name a Paris moment (seconds default to 0). */
export type ParisWallTime = Pick<ParisParts, 'year' | 'month' | 'day' | 'hour' | 'minute'> & { second?: number };

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** Made at its first use: a browser's first `DateTimeFormat` costs 50-100 ms on a phone. */
let parisFormat: Intl.DateTimeFormat | undefined;

function toTime(instant: Date | number): number {
  return typeof instant === 'number' ? instant : instant.getTime();
}

/** The Paris wall-clock parts of an instant, by Intl (the reference; a few microseconds a call). */
export function getParisPartsByIntl(instant: Date | number): ParisParts {
  const time = toTime(instant);
  if (!Number.isFinite(time)) throw new RangeError('Invalid date');
  parisFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: PARIS_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    weekday: 'short',
  });
  const parts: Record<string, string> = {};
  for (const part of parisFormat.formatToParts(time)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS[parts.weekday ?? ''] ?? 0,
  };
}

const HOUR_MS = 3_600_000;
/**
 * Paris's clock rule since 1996, the tz database's "Rule EU": summer time (UTC+2) from 01:00 UTC
 * on the last Sunday of March to 01:00 UTC on the last Sunday of October, UTC+1 otherwise. Years
 * outside these are asked of Intl. Plain arithmetic, so that the booking form's first render does
 * not wait for the browser's first DateTimeFormat (docs/decisions/0164).
 */
const RULE_FROM_YEAR = 1996;
const RULE_UNTIL_YEAR = 2100;
/** False once `checkParisClockRule` has found Intl's time zone data disagreeing with the rule. */
let ruleInForce = true;

/** 01:00 UTC on the last Sunday of a month (0-11) of a year. */
function lastSundayOneUtc(year: number, monthIndex: number): number {
  const lastDay = Date.UTC(year, monthIndex + 1, 0, 1);
  return lastDay - new Date(lastDay).getUTCDay() * DAY_MS;
}

/** Paris's offset from UTC in ms at an instant by the rule, or null outside its years. */
function euRuleOffsetMs(time: number): number | null {
  const year = new Date(time).getUTCFullYear();
  if (year < RULE_FROM_YEAR || year >= RULE_UNTIL_YEAR) return null;
  return time >= lastSundayOneUtc(year, 2) && time < lastSundayOneUtc(year, 9) ? 2 * HOUR_MS : HOUR_MS;
}

/**
 * Checks the clock rule against Intl's time zone data (the reference) around each change from
 * `fromYear` for `years` years. Should a law change Paris's clocks and the data follow, the rule
 * is dropped for Intl and false returned: the server calls this when it starts and says so in its
 * log. `reference` is Intl's reading; a test passes another.
 */
export function checkParisClockRule(
  fromYear: number,
  years = 10,
  reference: (time: number) => ParisParts = getParisPartsByIntl,
): boolean {
  for (let year = Math.max(fromYear, RULE_FROM_YEAR); year < Math.min(fromYear + years, RULE_UNTIL_YEAR); year += 1) {
    const changes = [lastSundayOneUtc(year, 2), lastSundayOneUtc(year, 9)];
    const instants = [Date.UTC(year, 0, 15), Date.UTC(year, 6, 15), ...changes.flatMap((change) => [change - 1000, change])];
    for (const time of instants) {
      const byRule = partsAt(time, euRuleOffsetMs(time)!);
      const byReference = reference(time);
      const fields = ['year', 'month', 'day', 'hour', 'minute'] as const;
      if (fields.some((field) => byRule[field] !== byReference[field])) {
        ruleInForce = false;
        return false;
      }
    }
  }
  return true;
}

/** Puts the clock rule back in force (tests only; `checkParisClockRule` may have dropped it). */
export function restoreParisClockRule(): void {
  ruleInForce = true;
}

function partsAt(time: number, offsetMs: number): ParisParts {
  const wall = new Date(time + offsetMs);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
    weekday: wall.getUTCDay(),
  };
}

/**
 * The Paris wall-clock parts of an instant (same result as `getParisPartsByIntl`). Throws a
 * RangeError on an invalid date. Hot paths call this several times a request: within the clock
 * rule's years it is plain arithmetic.
 */
export function getParisParts(instant: Date | number): ParisParts {
  const time = toTime(instant);
  if (!Number.isFinite(time)) throw new RangeError('Invalid date');
  const offset = ruleInForce ? euRuleOffsetMs(time) : null;
  return offset === null ? getParisPartsByIntl(time) : partsAt(time, offset);
}

/** Paris offset from UTC at an instant, in minutes (60 in winter, 120 in summer). */
export function parisOffsetMinutes(instant: Date | number): number {
  const time = Math.floor(toTime(instant) / 1000) * 1000;
  const p = getParisParts(time);
  return (Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - time) / MINUTE_MS;
}

/** Days in a month (1-12) of a year; February has 29 days in leap years. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function sameWallTime(instant: number, wall: Required<ParisWallTime>): boolean {
  const p = getParisParts(instant);
  return (
    p.year === wall.year &&
    p.month === wall.month &&
    p.day === wall.day &&
    p.hour === wall.hour &&
    p.minute === wall.minute &&
    p.second === wall.second
  );
}

/**
 * The instant at which Paris clocks show this wall time.
 *
 * Daylight-saving changes are resolved like Temporal's `disambiguation: 'compatible'`
 * (and RFC 5545): a time that occurs twice (the autumn hour, 02:00-02:59 on the last Sunday of
 * October) is the earlier one, still in summer time; a time that does not exist (the spring
 * hour, 02:00-02:59 on the last Sunday of March) is moved forward by the gap, so 02:30 becomes
 * 03:30 summer time. A customer never loses a booking to the clock change, and the pickup is
 * never earlier than what they typed. Throws a RangeError when the fields are not a calendar date.
 */
export function parisWallTimeToInstant(wallTime: ParisWallTime): Date {
  const wall = { second: 0, ...wallTime };
  const { year, month, day, hour, minute, second } = wall;
  const valid =
    [year, month, day, hour, minute, second].every(Number.isInteger) &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month) &&
    hour >= 0 &&
    hour <= 23 &&
    minute >= 0 &&
    minute <= 59 &&
    second >= 0 &&
    second <= 59;
  if (!valid) throw new RangeError('Invalid Paris wall time');

  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  // Paris changes offset at most once around a given day: the offsets a day before and after
  // give every candidate.
  const offsetBefore = parisOffsetMinutes(asUtc - DAY_MS);
  const offsetAfter = parisOffsetMinutes(asUtc + DAY_MS);
  const candidates = [...new Set([asUtc - offsetBefore * MINUTE_MS, asUtc - offsetAfter * MINUTE_MS])]
    .filter((instant) => sameWallTime(instant, wall))
    .sort((a, b) => a - b);
  const first = candidates[0];
  if (first !== undefined) return new Date(first);
  // In the spring gap: keep the offset in force before the change, which moves the time forward.
  return new Date(asUtc - offsetBefore * MINUTE_MS);
}

/**
 * Midnight on Paris clocks that starts a calendar day (`YYYY-MM-DD` or its parts), or the day
 * `plusDays` after it. Days are counted on the calendar, not as 24 hours: the days of the clock
 * changes last 23 and 25 hours.
 */
export function parisDayStart(day: CalendarDate | string, plusDays = 0): Date {
  const date = typeof day === 'string' ? calendarDateOf(day) : day;
  return parisWallTimeToInstant({ ...addDays({ year: date.year, month: date.month, day: date.day }, plusDays), hour: 0, minute: 0 });
}

/** Midnight on Paris clocks that starts the month, or the month `plusMonths` after it. */
export function parisMonthStart(month: { year: number; month: number }, plusMonths = 0): Date {
  const index = month.year * 12 + month.month - 1 + plusMonths;
  return parisWallTimeToInstant({ year: Math.floor(index / 12), month: (index % 12) + 1, day: 1, hour: 0, minute: 0 });
}

/** The Paris calendar day of an instant, `YYYY-MM-DD`. */
export function parisIsoDate(instant: Date | number): string {
  return isoDate(getParisParts(instant));
}

/** The calendar day `days` after (before, when negative) a `YYYY-MM-DD` day, as `YYYY-MM-DD`. */
export function shiftIsoDate(day: string, days: number): string {
  return isoDate(addDays(calendarDateOf(day), days));
}

function calendarDateOf(day: string): CalendarDate {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return { year, month, day: date };
}

const DATE_TIME_LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;

/**
 * Parses the value of an `<input type="datetime-local">` ("2026-12-24T18:30", seconds optional)
 * as a Paris wall time. Returns null when the text is not such a value or not a real date.
 * DST choices: see `parisWallTimeToInstant`.
 */
export function parseParisDateTimeLocal(value: string): Date | null {
  const match = DATE_TIME_LOCAL.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second = 0] = match.slice(1).map((part) => Number(part ?? 0));
  try {
    return parisWallTimeToInstant({
      year: year!,
      month: month!,
      day: day!,
      hour: hour!,
      minute: minute!,
      second,
    });
  } catch {
    return null;
  }
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** The `datetime-local` value ("YYYY-MM-DDTHH:MM") showing an instant on Paris clocks. */
export function toParisDateTimeLocal(instant: Date | number): string {
  const p = getParisParts(instant);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/**
 * A pickup is valid when it is at least `MIN_LEAD_MINUTES` (120) after now: `pickup >= now + 2h`,
 * compared as instants, so exactly two hours ahead passes and the two hours are real elapsed
 * time even across a clock change. This covers the spec's same-day rule and decisions 4's
 * "at least 2 hours after now" (a pickup tomorrow at 00:30 when it is 23:45 is refused). An
 * invalid date is never valid.
 */
export function isPickupTimeValid(pickup: Date, now: Date): boolean {
  const pickupTime = pickup.getTime();
  const nowTime = now.getTime();
  if (!Number.isFinite(pickupTime) || !Number.isFinite(nowTime)) return false;
  return pickupTime >= nowTime + MIN_LEAD_MINUTES * MINUTE_MS;
}

/** Night tariff hour (0-23): 19 or later, or before 5. */
export function isNightHour(hour: number): boolean {
  return hour >= NIGHT_START_HOUR || hour < NIGHT_END_HOUR;
}

/** Whether Paris clocks show a night-tariff hour at this instant. */
export function isParisNight(instant: Date | number): boolean {
  return isNightHour(getParisParts(instant).hour);
}

/** Whether two instants fall on the same Paris calendar day. */
export function isSameParisDay(a: Date | number, b: Date | number): boolean {
  const pa = getParisParts(a);
  const pb = getParisParts(b);
  return pa.year === pb.year && pa.month === pb.month && pa.day === pb.day;
}

const ISO_DATE_PREFIX = /^(\d{4})-(\d{2})-(\d{2})(?:$|T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$)/;

/**
 * dd/mm/yyyy. An instant is shown on Paris clocks. A "YYYY-MM-DD" or `datetime-local` text is a
 * wall date already and is shown as written; a text with a zone ("...Z", "+02:00") is read as an
 * instant. Anything else is returned unchanged.
 */
export function formatDateFr(value: Date | number | string): string {
  if (typeof value === 'string') {
    const wall = ISO_DATE_PREFIX.exec(value.trim());
    if (wall) return `${wall[3]}/${wall[2]}/${wall[1]}`;
    const parsed = Date.parse(value);
    if (!/^\d{4}-\d{2}-\d{2}T/.test(value.trim()) || Number.isNaN(parsed)) return value;
    return formatDateFr(parsed);
  }
  if (!Number.isFinite(toTime(value))) return String(value);
  const p = getParisParts(value);
  return `${pad(p.day)}/${pad(p.month)}/${pad(p.year, 4)}`;
}

const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** Whether a text is "HH:MM" or "HH:MM:SS" (hours 00-23, minutes and seconds 00-59). */
export function isTimeOfDay(value: string): boolean {
  return TIME_OF_DAY.test(value);
}

/**
 * 12-hour clock, "hh:mm am" / "hh:mm pm" (00:05 -> "12:05 am", 12:00 -> "12:00 pm"; seconds are
 * dropped). Spec section 5: accepts "HH:MM" or "HH:MM:SS", otherwise the raw value is returned.
 */
export function formatTime12h(value: string): string {
  const match = TIME_OF_DAY.exec(value);
  if (!match) return value;
  const hour = Number(match[1]);
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${pad(hour12)}:${match[2]} ${hour < 12 ? 'am' : 'pm'}`;
}
