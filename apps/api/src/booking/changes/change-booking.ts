import type { ChangeBookingBody } from '@vtc/shared/booking/booking-change-schemas';
import { conflict, notFound } from '../../platform/lib/app-error.ts';
import type { AccessClaims } from '../../platform/http/access-tokens.ts';
import type { BookingsDeps } from '../booking-deps.ts';
import { findBooking, lockBooking } from '../bookings-repository.ts';
import { applyChange, type AppliedChange } from './apply-change.ts';
import { locateChange, planChange } from './plan-change.ts';
import { ADMIN_ACCESS } from '../booking-access.ts';

/**
 * The company changes a pending, accepted or paid booking (PUT /booking/update/{id}, decisions
 * 12, decision 0120): anything of the trip, re-priced by the shared rule or at a manual price with
 * its reason. The booking row is locked, so concurrent changes apply one after the other, each on
 * the booking the previous one left. The car must take the party (409 car_not_allowed) and be
 * free (409 car_busy), the chauffeur too (409 driver_busy); nothing is kept on a refusal.
 */
export async function changeBooking(deps: BookingsDeps, auth: AccessClaims, id: number, body: Record<string, unknown>, change: ChangeBookingBody, now: Date = new Date()): Promise<AppliedChange> {
  const current = await findBooking(deps.db, id, ADMIN_ACCESS);
  if (!current) throw notFound('booking_not_found');
  const located = await locateChange(deps, current, change);
  return deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, id, ADMIN_ACCESS);
    if (!booking) throw notFound('booking_not_found');
    const plan = await planChange(tx, deps, booking, change, located, now);
    if (!plan.carFits) throw conflict('car_not_allowed');
    const actor = { userId: auth.userId, kind: 'admin' as const };
    return applyChange(tx, deps, booking, plan, { kind: 'company', actor, body, reason: change.reason ?? null, priceReason: change.priceReason ?? null });
  });
}
