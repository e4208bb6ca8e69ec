import type { CustomerBookingDetails } from '@vtc/shared/booking/booking-responses';
import type { Language } from '@vtc/shared/i18n/languages';
import { formatEuros } from '@vtc/shared/pricing/format-euros';
import { useTranslation } from 'react-i18next';
import { formatPickup } from './booking-format';

const refundedCents = (booking: CustomerBookingDetails) => booking.refunds.reduce((sum, refund) => sum + refund.amount_cents, 0);

/** The deposit's state in words: paid or not, and once a cancellation gave some back, refunded in whole or in part (decision 0121). */
export function DepositState({ booking, language }: { booking: CustomerBookingDetails; language: Language }) {
  const { t } = useTranslation('auth');
  const refunded = refundedCents(booking);
  if (refunded === 0) return <>{t(`bookings.deposit.${booking.cancellation.deposit_paid ? 'paid' : 'unpaid'}`)}</>;
  const paid = booking.payments.filter((payment) => payment.status === 'succeeded').reduce((sum, payment) => sum + payment.amount_cents, 0);
  return <>{refunded >= paid ? t('refunds.depositRefunded') : t('refunds.depositPartlyRefunded', { amount: formatEuros(refunded, language) })}</>;
}

/** The customer's refund lines: amount, provider, date, and whether the provider has confirmed it yet. */
export function MyBookingRefunds({ booking, language }: { booking: CustomerBookingDetails; language: Language }) {
  const { t } = useTranslation('auth');
  if (booking.refunds.length === 0) return null;
  return (
    <section className="card" aria-labelledby="refunds-title" data-testid="my-refunds">
      <h2 id="refunds-title" className="card-title">
        {t('refunds.title')}
      </h2>
      <ul className="my-booking-history">
        {booking.refunds.map((refund) => (
          <li key={refund.id}>
            <span>
              {t('refunds.line', { amount: formatEuros(refund.amount_cents, language), provider: t(`refunds.providers.${refund.method}`) })} ·{' '}
              {t(`refunds.status.${refund.status}`)}
            </span>
            <time dateTime={refund.refunded_at ?? refund.requested_at}>{formatPickup(refund.refunded_at ?? refund.requested_at, language)}</time>
          </li>
        ))}
      </ul>
      <p className="my-booking-muted">{t('refunds.delay')}</p>
    </section>
  );
}
