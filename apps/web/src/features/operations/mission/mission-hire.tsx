import type { Language } from '@vtc/shared/i18n/languages';
import type { MissionHire } from '@vtc/shared/missions/mission-responses';
import { MAX_HIRE_KM } from '@vtc/shared/missions/mission-schemas';
import { formatEuros } from '@vtc/shared/pricing/format-euros';
import { formatParisDateTime, formatParisTime } from '@vtc/shared/time/format-paris';
import { toParisDateTimeLocal } from '@vtc/shared/time/paris-time';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useServiceWords } from '../../../components/booking/hire-charges';
import { ApiError } from '../../../lib/api-fetch';
import { formatNumber } from '@vtc/shared/i18n/format-number';

/**
 * A hire or a tour on the chauffeur's page (decision 0137): what is booked, until when (each day
 * by the day), the programme and the km included; once ended, what the end added and why.
 */
export function MissionHireCard({ hire, language }: { hire: MissionHire; language: Language }) {
  const { t } = useTranslation('mission');
  const service = useServiceWords();
  const number = (value: number) => formatNumber(value, language, { maximumFractionDigits: 1 });
  return (
    <section className="mission-card" aria-labelledby="mission-hire-title">
      <h2 id="mission-hire-title" className="mission-label">
        {t('hire.title')}
      </h2>
      <p className="mission-place-title">{service(hire)}</p>
      <dl className="mission-facts">
        {hire.periods.length > 1 ? (
          hire.periods.map((period) => (
            <div key={period.start} className="mission-fact">
              <dt>{t('hire.day', { n: period.day })}</dt>
              <dd dir="ltr">{`${formatParisDateTime(period.start, language)} – ${formatParisTime(period.end, language)}`}</dd>
            </div>
          ))
        ) : (
          <div className="mission-fact">
            <dt>{t('hire.endsAt')}</dt>
            <dd>{formatParisDateTime(hire.endsAt, language)}</dd>
          </div>
        )}
        {hire.programme ? (
          <div className="mission-fact">
            <dt>{t('hire.programme')}</dt>
            <dd dir="auto" className="mission-programme">
              {hire.programme}
            </dd>
          </div>
        ) : null}
        <div className="mission-fact">
          <dt>{t('hire.kmIncluded')}</dt>
          <dd>{hire.kmIncluded === null ? t('hire.kmNotBilled') : t('hire.kmValue', { km: number(hire.kmIncluded) })}</dd>
        </div>
        {hire.endedAt ? (
          <>
            <div className="mission-fact">
              <dt>{t('hire.endedAt')}</dt>
              <dd>{formatParisDateTime(hire.endedAt, language)}</dd>
            </div>
            <div className="mission-fact">
              <dt>{t('hire.kmDriven')}</dt>
              <dd>{t('hire.kmValue', { km: number(hire.endKm ?? 0) })}</dd>
            </div>
            {hire.overtimeCents ? (
              <div className="mission-fact">
                <dt>{t('hire.overtime')}</dt>
                <dd>{`${t('hire.minutesValue', { minutes: hire.overtimeMinutes ?? 0 })} · ${formatEuros(hire.overtimeCents, language)}`}</dd>
              </div>
            ) : null}
            {hire.extraKmCents ? (
              <div className="mission-fact">
                <dt>{t('hire.extraKm')}</dt>
                <dd>{`${t('hire.kmValue', { km: number(hire.extraKm ?? 0) })} · ${formatEuros(hire.extraKmCents, language)}`}</dd>
              </div>
            ) : null}
          </>
        ) : null}
      </dl>
    </section>
  );
}

interface HireEndFormProps {
  hire: MissionHire;
  pending: boolean;
  error: unknown;
  onEnd: (body: { endedAt: string; km: number }) => void;
  onCancel: () => void;
}

/**
 * The end of a hire, its "done" (decision 0137): when it ended (now, or the booked end if that is
 * later) and the km driven in all. The API bills overtime and extra km and refuses an end before
 * the booked one; its refusal shows under the field it names.
 */
export function HireEndForm({ hire, pending, error, onEnd, onCancel }: HireEndFormProps) {
  const { t } = useTranslation('mission');
  const ids = useId();
  const [endedAt, setEndedAt] = useState(() => {
    const now = toParisDateTimeLocal(Date.now());
    return now > hire.endsLocal ? now : hire.endsLocal;
  });
  const [km, setKm] = useState('');
  const [kmMissing, setKmMissing] = useState(false);
  const fieldError = (path: string) => (error instanceof ApiError ? error.errors.find((entry) => entry.path === path)?.message : undefined);
  const endError = fieldError('endedAt');
  const kmError = kmMissing ? t('hire.kmRequired') : fieldError('km');
  const otherError = error && !endError && !fieldError('km') ? (error instanceof ApiError ? error.message : t('loadError')) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const driven = Number(km.trim());
    if (km.trim() === '' || !Number.isInteger(driven) || driven < 0 || driven > MAX_HIRE_KM) {
      setKmMissing(true);
      return;
    }
    setKmMissing(false);
    onEnd({ endedAt, km: driven });
  };

  return (
    <form className="mission-confirm mission-end" onSubmit={submit} noValidate aria-labelledby={`${ids}-title`} aria-describedby={`${ids}-text`}>
      <h3 id={`${ids}-title`} className="mission-label">
        {t('hire.endTitle')}
      </h3>
      <p id={`${ids}-text`}>{t('hire.endText')}</p>
      <label htmlFor={`${ids}-ended`}>{t('hire.endedAtLabel')}</label>
      <input
        id={`${ids}-ended`}
        className="input"
        type="datetime-local"
        min={hire.endsLocal}
        value={endedAt}
        onChange={(event) => setEndedAt(event.target.value)}
        aria-invalid={Boolean(endError)}
        aria-describedby={endError ? `${ids}-ended-error` : undefined}
      />
      {endError ? (
        <p id={`${ids}-ended-error`} className="field-error" role="alert">
          {endError}
        </p>
      ) : null}
      <label htmlFor={`${ids}-km`}>{t('hire.kmLabel')}</label>
      <input
        id={`${ids}-km`}
        className="input"
        inputMode="numeric"
        dir="ltr"
        value={km}
        onChange={(event) => setKm(event.target.value)}
        aria-invalid={Boolean(kmError)}
        aria-describedby={kmError ? `${ids}-km-error` : `${ids}-km-hint`}
      />
      <p id={`${ids}-km-hint`} className="mission-muted">
        {hire.kmIncluded === null ? t('hire.kmHintTour') : t('hire.kmHint', { km: hire.kmIncluded })}
      </p>
      {kmError ? (
        <p id={`${ids}-km-error`} className="field-error" role="alert">
          {kmError}
        </p>
      ) : null}
      {otherError ? (
        <p className="field-error" role="alert">
          {otherError}
        </p>
      ) : null}
      <div className="mission-confirm-actions">
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {t('hire.endSubmit')}
        </button>
        <button type="button" className="btn btn-outline" onClick={onCancel}>
          {t('confirmDoneNo')}
        </button>
      </div>
    </form>
  );
}
