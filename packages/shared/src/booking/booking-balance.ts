import { z } from 'zod';
import { MissionToken } from '../missions/mission-schemas.ts';
import { integerField } from '../validation/form-fields.ts';
import type { BookingStatus } from './booking-transitions.ts';
import type { PaymentMethod } from './booking-schemas.ts';

/** How a trip's balance was collected (decision 0117): cash, the chauffeur's card terminal, a bank transfer. */
export const BALANCE_METHODS = ['cash', 'card_terminal', 'transfer'] as const;
export const BalanceMethod = z.enum(BALANCE_METHODS, { error: 'invalid_value' });
export type BalanceMethod = z.infer<typeof BalanceMethod>;

/** The largest balance one record takes: 100 000 € (a trip's price is far below). */
const MAX_BALANCE_CENTS = 10_000_000;

/** `PUT /api/booking/balance/{id}` (admin): what was collected of a done trip's balance, and how. */
export const BalanceBody = z.object({
  amountCents: integerField(1, MAX_BALANCE_CENTS, 'invalid_value'),
  method: BalanceMethod,
});
export type BalanceBody = z.infer<typeof BalanceBody>;

/** `PUT /api/mission/balance/{id}`: the same, by the chauffeur through the mission link. */
export const MissionBalanceBody = BalanceBody.extend({ token: MissionToken });
export type MissionBalanceBody = z.infer<typeof MissionBalanceBody>;

/**
 * What a booking's state says is paid (decision 0117), for its name on every screen:
 * `pay_on_board` (accepted, cash: confirmed, everything paid to the chauffeur), `on_account`
 * (accepted, a company's: billed on its monthly statement, no deposit; decision 0155), `deposit_due`
 * (accepted, card or PayPal: the deposit link is out), `deposit_paid`, `balance_due` (done, part
 * of the price still to collect), `on_statement` (done, a company's: its month-end statement is
 * not paid yet, decision 0161), `settled` (done, nothing left), `no_show` (cancelled after the
 * customer did not come, deposit kept); null: the status alone says it.
 */
export const PAYMENT_STATES = ['pay_on_board', 'on_account', 'deposit_due', 'deposit_paid', 'balance_due', 'on_statement', 'settled', 'no_show'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
export const PaymentStateSchema = z.enum(PAYMENT_STATES);

export function paymentStateOf(booking: {
  status: BookingStatus;
  paymentMethod: PaymentMethod | null;
  balanceDueCents: number;
  noShow: boolean;
  /** On a company's account (decision 0142): no deposit to pay. */
  onAccount: boolean;
  /** A company's trip: whether the month-end statement that bills it is paid (decision 0161). */
  statementPaid?: boolean;
}): PaymentState | null {
  switch (booking.status) {
    case 'accepted':
      if (booking.onAccount) return 'on_account';
      return booking.paymentMethod === 'cash' ? 'pay_on_board' : 'deposit_due';
    case 'paid':
      return 'deposit_paid';
    case 'completed':
      // A company's trip is paid with its month-end statement, not on board (decisions 0142, 0161).
      if (booking.onAccount) return booking.statementPaid ? 'settled' : 'on_statement';
      return booking.balanceDueCents > 0 ? 'balance_due' : 'settled';
    case 'cancelled':
      return booking.noShow ? 'no_show' : null;
    default:
      return null;
  }
}

/** What was paid of a booking and what is left (decision 0117), as the admin's booking details show it. */
export const BookingSettlement = z.object({
  payment_state: PaymentStateSchema.nullable().meta({ description: 'What the state says is paid: pay_on_board, on_account, deposit_due, deposit_paid, balance_due, on_statement, settled, no_show' }),
  on_account: z.boolean().meta({ description: 'A company’s trip (decision 0142): paid with its month-end statement, not on board' }),
  deposit_received_cents: z.number().int(),
  collected_cents: z.number().int().meta({ description: 'Deposits received and balances recorded' }),
  balance_due_cents: z.number().int().meta({ description: 'Left to collect: the total less what was collected' }),
  balances: z.array(
    z.object({
      id: z.number().int(),
      amount_cents: z.number().int(),
      method: BalanceMethod,
      actor_kind: z.enum(['admin', 'driver']),
      created_at: z.string().meta({ format: 'date-time' }),
    }),
  ),
  no_show_reported_at: z.string().nullable().meta({ format: 'date-time', description: 'When the chauffeur marked the customer absent, if so' }),
  no_show_opens_at: z.string().meta({ format: 'date-time', description: 'Pickup plus the waiting time included: a no-show is confirmed from then' }),
});
export type BookingSettlement = z.infer<typeof BookingSettlement>;

export const BalanceResponse = z.object({
  message: z.string(),
  data: z.object({ id: z.number().int(), collected_cents: z.number().int(), balance_due_cents: z.number().int() }),
});
export type BalanceResponse = z.infer<typeof BalanceResponse>;

/**
 * An amount typed in euros ("76", "76,50", "76.5 €", "1 076,00") as integer cents; null when it
 * is not one, or has more than two decimals.
 */
export function eurosTextToCents(text: string): number | null {
  const compact = text.replace(/[\s\u00a0\u202f€]/g, '').replace(',', '.');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(compact)) return null;
  const [whole, decimals = ''] = compact.split('.');
  return Number(whole) * 100 + Number(decimals.padEnd(2, '0'));
}
