import { canTransition } from '@vtc/shared/booking/booking-transitions';
import { freeCancellationDeadline, isFreeCancellation } from '@vtc/shared/booking/cancellation-policy';
import { notFound } from '../../platform/lib/app-error.ts';
import type { AccessClaims } from '../../platform/http/access-tokens.ts';
import { findUserById } from '../../accounts/users/users-repository.ts';
import { findCar } from '../../catalogue/cars/cars-repository.ts';
import type { BookingsDeps } from '../booking-deps.ts';
import { decodeCursor, toPage } from '../booking-pages.ts';
import { findBooking, findChauffeur, listBookingsPage, listHistory, listPayments } from '../bookings-repository.ts';
import { listRefundLines } from '../payments/refund-lines.ts';
import { listBookingDocuments } from '../documents/documents-repository.ts';
import { invoiceLinesOfBooking } from '../documents/documents-service.ts';
import { settlementView } from '../settlement/settlement-view.ts';
import { depositDueOnline } from '../payments/deposit-link.ts';

/**
 * One of the caller's bookings for "Mes réservations" (decision 0091): what the admin's view
 * holds about it, plus the chauffeur once assigned and the cancellation terms at `now`.
 */
export async function getOwnBookingDetails(deps: BookingsDeps, auth: AccessClaims, id: number, now: Date = new Date()) {
  const booking = await findBooking(deps.db, id, { userId: auth.userId, isAdmin: false });
  if (!booking || booking.status === 'draft' || booking.userId !== auth.userId) throw notFound('booking_not_found');
  const [owner, car, history, paid, refundLines, chauffeur, documents, settlement, tours, invoiceLines, depositDue] = await Promise.all([
    findUserById(deps.db, booking.userId),
    booking.carId === null ? undefined : findCar(deps.db, booking.carId),
    listHistory(deps.db, id),
    listPayments(deps.db, id),
    listRefundLines(deps.db, id),
    findChauffeur(deps.db, booking.driverId),
    listBookingDocuments(deps.db, id),
    settlementView(deps.db, deps.config, booking),
    deps.caches.catalogue(),
    invoiceLinesOfBooking(deps.db, id),
    depositDueOnline(deps.db, booking, now),
  ]);
  const lastStart = booking.returnRent && booking.returnAt ? booking.returnAt : booking.pickupAt;
  const cancellation = {
    allowed: canTransition(booking.status, 'cancelled') && lastStart.getTime() > now.getTime(),
    free: isFreeCancellation(booking.pickupAt, now),
    freeUntil: freeCancellationDeadline(booking.pickupAt),
    depositPaid: paid.some((payment) => payment.status === 'succeeded'),
  };
  return { booking, owner, car, history, payments: paid, refundLines, chauffeur, cancellation, documents, settlement, tours, invoiceLines, depositDue };
}

/** The caller's own bookings, newest first. */
export async function listOwnBookings(deps: BookingsDeps, auth: AccessClaims, query: { after?: string; limit: number }) {
  const rows = await listBookingsPage(deps.db, { userId: auth.userId, after: decodeCursor(query.after), limit: query.limit + 1 });
  return toPage(rows, query.limit);
}
