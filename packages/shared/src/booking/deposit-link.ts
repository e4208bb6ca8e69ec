import { z } from 'zod';
import { isPickupTimeValid } from '../time/paris-time.ts';
import type { BookingDetails } from './booking-responses.ts';

/**
 * A new deposit link (decision 0177): `POST /api/user/booking/deposit-link/{id}` (the customer,
 * from "Mes réservations") and `POST /api/booking/deposit-link/{id}` (the company, which mails it).
 */
export const DepositLinkResponse = z.object({
  message: z.string(),
  data: z.object({
    id: z.number().int(),
    checkout_url: z.string().meta({ description: 'The deposit page, with a new token valid until pickup and at least a day' }),
    amount_due_cents: z.number().int().meta({ description: 'What the page asks: the deposit, or a paid booking’s difference after a higher price' }),
    mailed: z.boolean().meta({ description: 'True when the link was mailed to the customer (the company’s call)' }),
  }),
});
export type DepositLinkResponse = z.infer<typeof DepositLinkResponse>;

/**
 * Whether a new link would ask something (the screens' twin of the API's `depositDueOnline`): an
 * accepted card or PayPal booking's deposit, or a paid booking's difference after a higher price
 * that the customer has not chosen to hand to the chauffeur, while the pickup is at least the
 * lead time away. An accepted cash booking (paid on board) and a company's trip (on its
 * statement) owe nothing online.
 */
export function owesDepositOnline(booking: Pick<BookingDetails, 'status' | 'deposit_cents' | 'pickup_at' | 'settlement' | 'payments'>, now = new Date()): boolean {
  if (booking.settlement.on_account || !isPickupTimeValid(new Date(booking.pickup_at), now)) return false;
  const deposit = booking.deposit_cents ?? 0;
  if (booking.status === 'accepted') return booking.settlement.payment_state === 'deposit_due' && deposit > 0;
  if (booking.status !== 'paid' || booking.payments.some((payment) => payment.method === 'cash' && payment.status === 'pending')) return false;
  return deposit > booking.settlement.deposit_received_cents;
}
