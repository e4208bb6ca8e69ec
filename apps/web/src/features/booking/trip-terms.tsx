import type { Language } from '@vtc/shared/i18n/languages';
import { formatParisDateTime } from '@vtc/shared/time/format-paris';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ClockIcon } from '../../components/trip/trip-icons';
import './trip-terms.css';

interface TripTermsProps {
  language: Language;
  /** Waiting included at the pickup, and at the return's pickup when a return is booked. */
  waitingMinutes: number;
  returnWaitingMinutes: number | null;
  /** ISO instant: 48 h before pickup; cancelling before it is free. */
  freeCancellationUntil: string;
}

/** Step three, before the confirm button: the waiting time included and this booking's cancellation deadline. */
export function TripTerms({ language, waitingMinutes, returnWaitingMinutes, freeCancellationUntil }: TripTermsProps) {
  const { t } = useTranslation('booking');
  const titleId = useId();
  const late = Date.parse(freeCancellationUntil) <= Date.now();
  return (
    <section className="trip-terms" aria-labelledby={titleId}>
      <h2 id={titleId} className="trip-terms-title">
        <ClockIcon />
        {t('terms.title')}
      </h2>
      <ul className="trip-terms-list">
        <li>{t('terms.waiting', { minutes: waitingMinutes })}</li>
        {returnWaitingMinutes === null ? null : <li>{t('terms.returnWaiting', { minutes: returnWaitingMinutes })}</li>}
        <li>
          {late
            ? t('terms.cancellationLate')
            : t('terms.cancellation', { deadline: formatParisDateTime(freeCancellationUntil, language, 'long') })}
        </li>
      </ul>
    </section>
  );
}
