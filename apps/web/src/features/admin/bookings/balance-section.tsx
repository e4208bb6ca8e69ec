import type { BookingDetails } from '@vtc/shared/booking/booking-responses';
import { formatEuros } from '@vtc/shared/pricing/format-euros';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { BalanceForm } from '../../../components/payments/balance-form';
import { ApiError } from '../../../lib/api-fetch';
import { getStoredLanguage } from '../../../lib/language';
import { useRecordBalance } from './settlement-api';
import './settlement-sections.css';

/**
 * What was paid and what is left (decision 0117): the deposit received, the balance collected and
 * how; once the trip is done, the company records what the chauffeur collected.
 */
export function BalanceSection({ booking }: { booking: BookingDetails }) {
  const { t } = useTranslation('admin');
  const language = getStoredLanguage();
  const record = useRecordBalance(booking.id);
  const { t: tc } = useTranslation('common');
  const { settlement } = booking;
  if (booking.status !== 'completed' && settlement.collected_cents === 0) return null;
  // A company's trip is paid with its monthly statement: nothing is collected on board, so no
  // "balance collected" heading over two zero amounts, before the statement is paid or after
  // (decision 0161).
  const onCompanyStatement = settlement.on_account && settlement.collected_cents === 0;
  return (
    <section className="settlement-section" aria-labelledby={`balance-${booking.id}`}>
      <h3 id={`balance-${booking.id}`}>{onCompanyStatement ? tc('balanceForm.statementTitle') : tc('balanceForm.title')}</h3>
      {onCompanyStatement ? null : (
      <dl className="settlement-figures">
        <div>
          <dt>{t('settlement.collected')}</dt>
          <dd>{formatEuros(settlement.collected_cents, language)}</dd>
        </div>
        <div>
          <dt>{t('settlement.due')}</dt>
          <dd>{formatEuros(settlement.balance_due_cents, language)}</dd>
        </div>
      </dl>
      )}
      {booking.status === 'completed' ? (
        <BalanceForm
          key={settlement.balance_due_cents}
          language={language}
          dueCents={settlement.balance_due_cents}
          statement={settlement.payment_state === 'on_statement' ? 'due' : onCompanyStatement && settlement.payment_state === 'settled' ? 'paid' : undefined}
          records={settlement.balances.map((row) => ({ amountCents: row.amount_cents, method: row.method, at: row.created_at }))}
          pending={record.isPending}
          error={record.isError ? (record.error instanceof ApiError ? record.error.message : t('settlement.failed')) : null}
          onRecord={(body) => record.mutate(body, { onSuccess: (answer) => toast.success(answer.message) })}
        />
      ) : null}
    </section>
  );
}
