import { BALANCE_METHODS, eurosTextToCents, type BalanceBody, type BalanceMethod } from '@vtc/shared/booking/booking-balance';
import type { Language } from '@vtc/shared/i18n/languages';
import { formatEuros } from '@vtc/shared/pricing/format-euros';
import { formatParisDateTime } from '@vtc/shared/time/format-paris';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import './balance-form.css';

export interface BalanceRecord {
  amountCents: number;
  method: BalanceMethod;
  at: string;
}

interface BalanceFormProps {
  language: Language;
  dueCents: number;
  records: readonly BalanceRecord[];
  pending: boolean;
  /** The server's refusal, translated, if the last record was refused. */
  error: string | null;
  onRecord: (body: BalanceBody) => void;
  /**
   * A company's trip (decision 0161), billed on its month-end invoice: `due` while that invoice is
   * not paid (nothing to collect on board, not because the trip is paid), `paid` once it is.
   */
  statement?: 'due' | 'paid';
}

/**
 * What was collected of a done trip's balance, and how (decision 0117): the records so far, and
 * while something remains, the amount (the whole remainder at first) and the way it was paid.
 */
export function BalanceForm({ language, dueCents, records, pending, error, onRecord, statement }: BalanceFormProps) {
  const { t } = useTranslation('common');
  const ids = useId();
  const [amount, setAmount] = useState(() => (dueCents / 100).toFixed(2).replace('.', language === 'en' ? '.' : ','));
  const [method, setMethod] = useState<BalanceMethod>('cash');
  const [invalid, setInvalid] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = eurosTextToCents(amount);
    if (cents === null || cents <= 0) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    onRecord({ amountCents: cents, method });
  };

  return (
    <div className="balance-form">
      {records.length > 0 ? (
        <ul className="balance-records">
          {records.map((record, index) => (
            <li key={`${record.at}-${index}`}>
              {t('balanceForm.recorded', {
                amount: formatEuros(record.amountCents, language),
                method: t(`balanceForm.methods.${record.method}`),
                date: formatParisDateTime(record.at, language),
              })}
            </li>
          ))}
        </ul>
      ) : null}
      {dueCents > 0 ? (
        <form className="balance-fields" onSubmit={submit} noValidate>
          <p className="balance-due">{t('balanceForm.due', { amount: formatEuros(dueCents, language) })}</p>
          <label htmlFor={`${ids}-amount`}>{t('balanceForm.amount')}</label>
          <input
            id={`${ids}-amount`}
            className="input"
            inputMode="decimal"
            dir="ltr"
            value={amount}
            aria-invalid={invalid}
            aria-describedby={invalid ? `${ids}-invalid` : undefined}
            onChange={(event) => setAmount(event.target.value)}
          />
          {invalid ? (
            <p id={`${ids}-invalid`} className="field-error" role="alert">
              {t('balanceForm.invalidAmount')}
            </p>
          ) : null}
          <fieldset className="balance-methods">
            <legend>{t('balanceForm.method')}</legend>
            {BALANCE_METHODS.map((option) => (
              <label key={option} className="balance-method">
                <input type="radio" name={`${ids}-method`} value={option} checked={method === option} onChange={() => setMethod(option)} />
                {t(`balanceForm.methods.${option}`)}
              </label>
            ))}
          </fieldset>
          <button type="submit" className="btn btn-primary" disabled={pending}>
            {t('balanceForm.save')}
          </button>
        </form>
      ) : (
        <p className="balance-settled">{statement === 'due' ? t('balanceForm.onStatement') : statement === 'paid' ? t('balanceForm.statementPaid') : t('balanceForm.settled')}</p>
      )}
      {error ? (
        <p className="balance-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
