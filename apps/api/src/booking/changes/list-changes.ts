import { customerChangeScope } from '@vtc/shared/booking/booking-change-schemas';
import type { BookingAccess } from '../bookings-repository.ts';
import { getBookingOr404 } from '../booking-access.ts';
import type { BookingsDeps } from '../booking-deps.ts';
import { listChanges, toChangeItem } from './changes-repository.ts';

/** A booking's changes and requests, newest first, with what its customer may change now (decision 0120). */
export async function listBookingChanges(deps: Pick<BookingsDeps, 'db'>, id: number, access: BookingAccess, now: Date = new Date()) {
  const booking = await getBookingOr404(deps.db, id, access);
  const changeable = booking.status === 'pending' || booking.status === 'accepted' || booking.status === 'paid';
  return {
    scope: changeable ? customerChangeScope(booking.pickupAt, now) : ('none' as const),
    status: booking.status,
    changes: (await listChanges(deps.db, id)).map(toChangeItem),
  };
}
