import { priceHireEnd } from '@vtc/shared/pricing/price-hire-end';
import type { DbOrTx } from '../../platform/db/client.ts';
import { conflict, fieldError } from '../../platform/lib/app-error.ts';
import type { BookingsDeps } from '../booking-deps.ts';
import { updateBooking, type Actor, type BookingWithStops, type MissionStatusValue } from '../bookings-repository.ts';
import { completeTrip } from '../decisions/decisions-service.ts';
import { findBookedHireRate, kmHoursOf, readHireFacts, type HireEndBilled } from './hire-facts.ts';

export type HireEnd = { endedAt: Date; km: number };

/**
 * Ends a hire or a tour (decision 0137), in the caller's transaction on a booking it has locked:
 * the end and the km are recorded, overtime (started quarter hours past the booked end, at a
 * quarter of the hourly rate) and the km beyond those included (at the extra-km price; none for
 * a tour) are priced with the rate of the booking's car in its pickup's season and added to its
 * total, and the trip is completed through the one path to `completed`, whose invoice lists them
 * with their reason. 409 not_a_hire for a transfer; 400 on `endedAt` overtime_before_end before
 * the booked end, hire_end_in_future after now; completeTrip's own refusals after that. A refusal
 * rolls the transaction back: nothing is saved.
 */
export async function finishHire(
  tx: DbOrTx,
  deps: Pick<BookingsDeps, 'config' | 'log'>,
  booking: BookingWithStops,
  end: HireEnd,
  actor: Actor,
  note: { missionStatus?: MissionStatusValue } = {},
): Promise<BookingWithStops> {
  const facts = await readHireFacts(tx, booking);
  if (!facts) throw conflict('not_a_hire');
  if (end.endedAt.getTime() < facts.endsAt.getTime()) throw fieldError('endedAt', 'overtime_before_end');
  if (end.endedAt.getTime() > Date.now()) throw fieldError('endedAt', 'hire_end_in_future');
  const rate = await findBookedHireRate(tx, booking);
  // A car without a hire rate in that season (a tour sold on a car the company never priced by
  // the hour) has nothing to bill overtime at: the end is kept, the company sees it unbilled.
  if (!rate) deps.log.warn({ bookingId: booking.id }, 'hire ended without a hire rate: overtime and km not billed');
  const charges = rate
    ? priceHireEnd({ endsAt: facts.endsAt, endedAt: end.endedAt, km: end.km, kmHours: kmHoursOf(facts, rate), rate })
    : { overtimeQuarters: 0, overtimeCents: 0, extraKm: 0, extraKmCents: 0 };
  const billed: HireEndBilled = {
    overtimeMinutes: charges.overtimeQuarters * 15,
    overtimeCents: charges.overtimeCents,
    extraKm: charges.extraKm,
    extraKmCents: charges.extraKmCents,
  };
  const updated = await updateBooking(tx, booking.id, {
    endedAt: end.endedAt,
    endKm: end.km,
    overtimeCents: billed.overtimeCents,
    extraKmCents: billed.extraKmCents,
    totalCents: (booking.totalCents ?? 0) + billed.overtimeCents + billed.extraKmCents,
  });
  return completeTrip(tx, deps.config, { ...updated, stops: booking.stops }, actor, { ...note, hireEnd: billed });
}
