import { and, asc, eq, gt, gte, inArray, lt, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Language } from '@vtc/shared/i18n/languages';
import { addDays, isoDate, type CalendarDate } from '@vtc/shared/calendar/easter-sunday';
import { getParisParts, parisDayStart, parisWallTimeToInstant } from '@vtc/shared/time/paris-time';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { bookings, drivers, users } from '../../platform/db/schema.ts';
import type { JobDefinition } from '../../platform/jobs/job-runner.ts';
import { scheduleJob } from '../../platform/jobs/scheduled-jobs.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { driverDigestMail, type DigestTrip } from './driver-digest-mail.ts';
import { readHireFacts } from '../../booking/booking-public.ts';

/**
 * The chauffeur's evening digest (decision 0086): at DRIVER_DIGEST_TIME (Paris) each active
 * chauffeur with trips the next day gets their list. One job per evening, key
 * `driver-digest:<date>`, scheduled ahead by an hourly planner; each mail has the dedupe key
 * `driver-digest:<chauffeur>:<trip day>`, so two processes, a job run twice or a restart send
 * one digest per chauffeur per day.
 */

export const DRIVER_DIGEST_JOB = 'driver-digest';
export const DRIVER_DIGEST_PLANNER_JOB = 'driver-digest-planner';

const pad = (value: number) => String(value).padStart(2, '0');
const frenchDay = (d: CalendarDate) => `${pad(d.day)}/${pad(d.month)}/${d.year}`;

export const driverDigestKey = (evening: string) => `${DRIVER_DIGEST_JOB}:${evening}`;

/**
 * Schedules this evening's digest and tomorrow's (keys already there stay as they are). A
 * process started after this evening's time still sends tonight's if no one has: late beats none.
 */
export async function planDriverDigests(db: DbOrTx, config: Pick<Config, 'DRIVER_DIGEST_TIME'>, now = new Date()): Promise<void> {
  const [hour = 19, minute = 0] = config.DRIVER_DIGEST_TIME.split(':').map(Number);
  const today = getParisParts(now);
  for (const evening of [today, addDays(today, 1)]) {
    const day = { year: evening.year, month: evening.month, day: evening.day };
    await scheduleJob(db, {
      key: driverDigestKey(isoDate(day)),
      name: DRIVER_DIGEST_JOB,
      runAt: parisWallTimeToInstant({ ...day, hour, minute }),
      payload: { evening: isoDate(day) },
    });
  }
}

/** French unless the chauffeur speaks none of it; then English, then Arabic, the product's languages. */
export function digestLanguage(languages: string[]): Language {
  if (languages.length === 0 || languages.includes('fr')) return 'fr';
  if (languages.includes('en')) return 'en';
  if (languages.includes('ar')) return 'ar';
  return 'fr';
}

const DigestPayload = z.object({ evening: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });

/** "1 promenade des Anglais, Nice", with the place chosen at step one when it is not the city typed. */
function place(address: string | null, city: string | null, chosen: string): string {
  const typed = [address, city].filter(Boolean).join(', ');
  if (!typed) return chosen;
  return city?.trim().toLowerCase() === chosen.trim().toLowerCase() ? typed : `${typed} (${chosen})`;
}
const parisTime = (instant: Date) => {
  const p = getParisParts(instant);
  return `${pad(p.hour)}:${pad(p.minute)}`;
};

/** The legs (outbound or return) of accepted and paid bookings each active chauffeur drives on `tripDay`. */
async function tripsByDriver(db: DbOrTx, tripDay: CalendarDate) {
  const from = parisDayStart(tripDay);
  const to = parisDayStart(tripDay, 1);
  const inDay = (column: typeof bookings.pickupAt | typeof bookings.returnAt) => and(gte(column, from), lt(column, to));
  const rows = await db
    .select({ booking: bookings, driver: drivers, account: { fullName: users.fullName, phone: users.phone } })
    .from(bookings)
    .innerJoin(drivers, eq(drivers.id, bookings.driverId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(
      and(
        eq(drivers.active, true),
        inArray(bookings.status, ['accepted', 'paid']),
        or(
          inDay(bookings.pickupAt),
          and(eq(bookings.returnRent, true), inDay(bookings.returnAt)),
          // A hire by the day drives each of its days (decision 0137).
          and(eq(bookings.serviceType, 'daily'), lt(bookings.pickupAt, to), gt(bookings.endsAt, from)),
        ),
      ),
    )
    .orderBy(asc(drivers.id), asc(bookings.pickupAt));
  const byDriver = new Map<number, { driver: typeof drivers.$inferSelect; trips: (DigestTrip & { at: number })[] }>();
  for (const { booking: b, driver, account } of rows) {
    const entry = byDriver.get(driver.id) ?? { driver, trips: [] };
    byDriver.set(driver.id, entry);
    const common = {
      bookingId: b.id,
      passenger: b.fullName ?? account.fullName,
      phone: b.phone ?? account.phone,
      adults: b.adults,
      children: b.children,
      childrenSeat: b.childrenSeat,
      luggage: b.luggageUnder10kg + b.luggageAbove10kg + b.luggageAbove30kg,
      message: b.message,
      hire: null,
    };
    const facts = await readHireFacts(db, b);
    if (facts) {
      // A hire: each of its blocks of time that starts this day, with its end and programme.
      for (const period of facts.periods) {
        if (period.from < from || period.from >= to) continue;
        entry.trips.push({
          ...common,
          at: period.from.getTime(),
          isReturn: false,
          time: parisTime(period.from),
          pickup: place(b.address, b.city, b.origin.title),
          destination: b.destination.title,
          flightNumber: b.flightNumber,
          trainNumber: b.trainNumber,
          hire: {
            facts,
            end: parisTime(period.to),
            day: facts.serviceType === 'daily' ? period.day : null,
          },
        });
      }
      continue;
    }
    if (b.pickupAt >= from && b.pickupAt < to) {
      entry.trips.push({
        ...common,
        at: b.pickupAt.getTime(),
        isReturn: false,
        time: parisTime(b.pickupAt),
        pickup: place(b.address, b.city, b.origin.title),
        destination: b.destination.title,
        flightNumber: b.flightNumber,
        trainNumber: b.trainNumber,
      });
    }
    if (b.returnRent && b.returnAt && b.returnAt >= from && b.returnAt < to) {
      entry.trips.push({
        ...common,
        at: b.returnAt.getTime(),
        isReturn: true,
        time: parisTime(b.returnAt),
        pickup: place(b.returnAddress, b.returnCity, b.destination.title),
        destination: b.origin.title,
        flightNumber: b.returnFlightNumber,
        trainNumber: b.returnTrainNumber,
      });
    }
  }
  return [...byDriver.values()].map(({ driver, trips }) => ({ driver, trips: trips.sort((a, b) => a.at - b.at) }));
}

/** Mails each chauffeur the next day's trips; a chauffeur already mailed for that day is not mailed again. */
export async function sendDriverDigests(db: DbOrTx, evening: string): Promise<number> {
  const [year = 0, month = 0, day = 0] = evening.split('-').map(Number);
  const tripDay = addDays({ year, month, day }, 1);
  let queued = 0;
  for (const { driver, trips } of await tripsByDriver(db, tripDay)) {
    const language = digestLanguage(driver.languages);
    const mail = driverDigestMail(language, driver.fullName, frenchDay(tripDay), trips);
    const dedupeKey = `${DRIVER_DIGEST_JOB}:${driver.id}:${isoDate(tripDay)}`;
    await enqueueMail(db, { kind: 'driver_digest', to: driver.email, dedupeKey, ...mail });
    queued += 1;
  }
  return queued;
}

/** The planner (hourly) and the evening's digest, given to the job runner by app.ts. */
export function driverDigestJobs(config: Pick<Config, 'DRIVER_DIGEST_TIME'>): JobDefinition[] {
  return [
    { name: DRIVER_DIGEST_PLANNER_JOB, everySeconds: 3600, run: (_payload, { db }) => planDriverDigests(db, config) },
    {
      name: DRIVER_DIGEST_JOB,
      async run(payload, { db, log }) {
        const { evening } = DigestPayload.parse(payload);
        const chauffeurs = await sendDriverDigests(db, evening);
        log.info({ evening, chauffeurs }, 'driver digests queued');
      },
    },
  ];
}
