import { ChangeBookingBody, type AcceptChangeRequestBody, type RefuseChangeRequestBody } from '@vtc/shared/booking/booking-change-schemas';
import { conflict, notFound } from '../../platform/lib/app-error.ts';
import type { AccessClaims } from '../../platform/http/access-tokens.ts';
import type { BookingsDeps } from '../booking-deps.ts';
import { findBooking, lockBooking, recordTransition } from '../bookings-repository.ts';
import { queueChangeRefusedMail } from '../mails/booking-change-mails.ts';
import { applyChange, type AppliedChange } from './apply-change.ts';
import { findPendingRequest, updateChange } from './changes-repository.ts';
import { locateChange, planChange } from './plan-change.ts';
import { ADMIN_ACCESS } from '../booking-access.ts';

/**
 * The company accepts the customer's waiting request (decision 0120): the change asked for is
 * planned again on the booking as it is now, onto another car or at a manual price if the company
 * says so, and applied as a company change would be (same checks, voucher, calendar, money); the
 * customer is mailed what changed. 404 change_request_not_found when none waits.
 */
export async function acceptChangeRequest(deps: BookingsDeps, auth: AccessClaims, id: number, answer: AcceptChangeRequestBody, now: Date = new Date()): Promise<AppliedChange> {
  // The places the request asks for (decision 0178) are found before the booking is locked.
  const current = await findBooking(deps.db, id, ADMIN_ACCESS);
  const waiting = current ? await findPendingRequest(deps.db, id) : undefined;
  const waitingBody = waiting ? ChangeBookingBody.safeParse(waiting.body) : undefined;
  const located = current && waitingBody?.success ? await locateChange(deps, current, waitingBody.data) : undefined;
  return deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, id, ADMIN_ACCESS);
    if (!booking) throw notFound('booking_not_found');
    const request = await findPendingRequest(tx, id);
    if (!request) throw notFound('change_request_not_found');
    // Kept as it was validated; a body the schema no longer reads is a request the company must refuse.
    const parsed = ChangeBookingBody.safeParse(request.body);
    if (!parsed.success) throw conflict('invalid_transition');
    const asked = parsed.data;
    const change = { ...asked, carId: answer?.carId ?? asked.carId, priceCents: answer?.priceCents, priceReason: answer?.priceReason };
    // Another request answered and asked meanwhile: its places were not the ones found above.
    if (request.id !== waiting?.id) throw conflict('change_request_pending');
    const plan = await planChange(tx, deps, booking, change, located, now);
    if (!plan.carFits) throw conflict('car_not_allowed');
    const actor = { userId: auth.userId, kind: 'admin' as const };
    const applied = await applyChange(tx, deps, booking, plan, { kind: 'company', actor, body: request.body, reason: null, priceReason: change.priceReason ?? null, request });
    if (applied.change) return applied;
    // The booking already reads as asked: the request is answered all the same.
    return { ...applied, change: await updateChange(tx, request.id, { status: 'accepted', answeredBy: auth.userId, answeredAt: new Date() }) };
  });
}

/** The company refuses the waiting request, with a reason mailed to the customer; the booking does not change. */
export async function refuseChangeRequest(deps: BookingsDeps, auth: AccessClaims, id: number, answer: RefuseChangeRequestBody) {
  return deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, id, ADMIN_ACCESS);
    if (!booking) throw notFound('booking_not_found');
    const request = await findPendingRequest(tx, id);
    if (!request) throw notFound('change_request_not_found');
    const reason = answer?.reason ?? null;
    const refused = await updateChange(tx, request.id, { status: 'refused', answerReason: reason, answeredBy: auth.userId, answeredAt: new Date() });
    await recordTransition(tx, {
      bookingId: id,
      from: booking.status,
      to: booking.status,
      actor: { userId: auth.userId, kind: 'admin' },
      reason: 'change_request_refused',
      note: reason,
    });
    await queueChangeRefusedMail(tx, deps, booking, { lines: request.lines, reason });
    return { booking, change: refused };
  });
}
