import { paymentStateOf, type BookingSettlement } from '@vtc/shared/booking/booking-balance';
import type { DbOrTx } from '../../platform/db/client.ts';
import { bookingTerms, type WaitingConfig } from '../booking-terms.ts';
import type { BookingWithStops } from '../bookings-repository.ts';
import { settlementOf } from './settlement.ts';
import { noShowReportedAt, statementPaid } from './settlement-repository.ts';

/** A booking's payments as the booking details show them (decision 0117). */
export async function settlementView(db: DbOrTx, config: WaitingConfig, booking: BookingWithStops): Promise<BookingSettlement> {
  const [settlement, noShowAt, paidByStatement] = await Promise.all([settlementOf(db, booking), noShowReportedAt(db, booking.id), statementPaid(db, booking.statementId)]);
  const noShowConfirmed = booking.status === 'cancelled' && noShowAt !== null;
  const onAccount = booking.companyId !== null;
  return {
    payment_state: paymentStateOf({
      status: booking.status,
      paymentMethod: booking.paymentMethod,
      balanceDueCents: settlement.balanceDueCents,
      noShow: noShowConfirmed,
      onAccount,
      statementPaid: paidByStatement,
    }),
    on_account: onAccount,
    deposit_received_cents: settlement.depositCents,
    collected_cents: settlement.collectedCents,
    balance_due_cents: booking.status === 'cancelled' || booking.status === 'rejected' ? 0 : settlement.balanceDueCents,
    balances: settlement.balances.map((row) => ({
      id: row.id,
      amount_cents: row.amountCents,
      method: row.method,
      actor_kind: row.actorKind,
      created_at: row.createdAt.toISOString(),
    })),
    no_show_reported_at: noShowAt?.toISOString() ?? null,
    no_show_opens_at: new Date(booking.pickupAt.getTime() + bookingTerms(config, booking).waitingMinutes * 60_000).toISOString(),
  };
}
