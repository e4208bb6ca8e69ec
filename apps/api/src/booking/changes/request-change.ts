import {
  CUSTOMER_CHANGE_FIELDS,
  customerChangeScope,
  fieldsSent,
  LATE_CHANGE_FIELDS,
  type ChangeBookingBody,
} from '@vtc/shared/booking/booking-change-schemas';
import { AppError, conflict, notFound } from '../../platform/lib/app-error.ts';
import type { AccessClaims } from '../../platform/http/access-tokens.ts';
import type { BookingsDeps } from '../booking-deps.ts';
import { findBooking, lockBooking, type BookingWithStops } from '../bookings-repository.ts';
import { queueChangeRequestedMails } from '../mails/booking-change-mails.ts';
import { applyChange } from './apply-change.ts';
import { changeLines } from './change-lines.ts';
import { findPendingRequest, insertChange, type BookingChangeRow } from './changes-repository.ts';
import { CHANGEABLE, locateChange, planChange } from './plan-change.ts';

export type CustomerChangeOutcome =
  | { outcome: 'applied'; booking: BookingWithStops; change: BookingChangeRow; voucherVersion: number | null }
  | { outcome: 'unchanged'; booking: BookingWithStops; change: null; voucherVersion: null }
  | { outcome: 'requested'; booking: BookingWithStops; change: BookingChangeRow; voucherVersion: null };

const allowed = (fields: readonly string[]) => new Set<string>(fields);
const CUSTOMER = allowed(CUSTOMER_CHANGE_FIELDS);
const LATE = allowed(LATE_CHANGE_FIELDS);

/**
 * The customer changes their booking from "Mes réservations" (PUT /user/booking/change/{id},
 * decisions 12, decisions 0120 and 0178). More than 48 hours before pickup: the time, the places, the return, the flight or train,
 * the pickup details, the party and the message; within 48 hours only the flight or train number
 * and the message (409 change_too_late); other fields are the company's (400 change_not_allowed).
 * A change that moves the price, needs another car or meets the chauffeur's other trip becomes a
 * request the company answers (one at a time: 409 change_request_pending); any other is applied at once.
 */
export async function requestChange(
  deps: BookingsDeps,
  auth: AccessClaims,
  id: number,
  body: Record<string, unknown>,
  change: ChangeBookingBody,
  now: Date = new Date(),
): Promise<CustomerChangeOutcome> {
  const sent = fieldsSent(body);
  const refused = sent.filter((field) => !CUSTOMER.has(field));
  if (refused.length > 0) throw new AppError(400, 'validation_failed', {}, refused.map((path) => ({ path, message: 'change_not_allowed' })));
  // New places are found by the places provider before the booking is locked (decision 0178), as the company's change does.
  const current = await findBooking(deps.db, id, { userId: auth.userId, isAdmin: false });
  const located = current ? await locateChange(deps, current, change) : undefined;
  return deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, id, { userId: auth.userId, isAdmin: false });
    if (!booking || booking.userId !== auth.userId || booking.status === 'draft' || booking.status === 'car_selected') throw notFound('booking_not_found');
    if (!CHANGEABLE.has(booking.status)) throw conflict('invalid_transition');
    const scope = customerChangeScope(booking.pickupAt, now);
    if (scope === 'none') throw conflict('invalid_transition');
    if (scope === 'late' && sent.some((field) => !LATE.has(field))) throw conflict('change_too_late');
    if (await findPendingRequest(tx, id)) throw conflict('change_request_pending');
    const plan = await planChange(tx, deps, booking, change, located, now);
    const actor = { userId: auth.userId, kind: 'customer' as const };
    const priceMoves = plan.after.totalCents !== booking.totalCents;
    if (!plan.needsOtherCar && !plan.driverBusy && !priceMoves) {
      const applied = await applyChange(tx, deps, booking, plan, { kind: 'customer', actor, body, reason: null, priceReason: null });
      return applied.change ? { outcome: 'applied', ...applied, change: applied.change } : { outcome: 'unchanged', booking, change: null, voucherVersion: null };
    }
    const lines = changeLines(plan.before, plan.after);
    const request = await insertChange(tx, {
      bookingId: id,
      kind: 'request',
      status: 'pending',
      actorUserId: auth.userId,
      body,
      lines,
      totalBeforeCents: booking.totalCents,
      totalAfterCents: plan.after.totalCents,
      needsOtherCar: plan.needsOtherCar || plan.driverBusy,
    });
    await queueChangeRequestedMails(tx, deps, booking, { lines, needsOtherCar: request.needsOtherCar });
    return { outcome: 'requested', booking, change: request, voucherVersion: null };
  });
}
