import type { Party } from '@vtc/shared/pricing/check-car-fits';
import type { BookingRow } from './bookings-repository.ts';

/** The columns of a booking that say who travels and what they carry. */
export type PartyColumns = Pick<BookingRow, 'adults' | 'children' | 'childrenSeat' | 'luggageUnder10kg' | 'luggageAbove10kg' | 'luggageAbove30kg'>;

/** A booking's party; `childrenSeat` counts the children among `children` who need a child seat. */
export type BookingParty = Party & { childrenSeat: number };

/** The people and luggage of a booking, as the price, the car check, the mails and the mission read them. */
export function partyOf(row: PartyColumns): BookingParty {
  return {
    adults: row.adults,
    children: row.children,
    childrenSeat: row.childrenSeat,
    luggage: { under10kg: row.luggageUnder10kg, above10kg: row.luggageAbove10kg, above30kg: row.luggageAbove30kg },
  };
}
