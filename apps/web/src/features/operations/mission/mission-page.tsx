import { isLanguage, type Language } from '@vtc/shared/i18n/languages';
import type { Mission, MissionOffReason, MissionPlace } from '@vtc/shared/missions/mission-responses';
import { MISSION_STEPS, type MissionStatus } from '@vtc/shared/missions/mission-schemas';
import { formatParisDateTime } from '@vtc/shared/time/format-paris';
import { formatPhone } from '@vtc/shared/phone/phone-number';
import { formatEuros } from '@vtc/shared/pricing/format-euros';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-fetch';
import { getStoredLanguage } from '../../../lib/language';
import { BalanceForm } from '../../../components/payments/balance-form';
import { useMission, useMissionBalance, useMissionEnd, useMissionStep } from './mission-api';
import { HireEndForm, MissionHireCard } from './mission-hire';
import { NameSign } from './name-sign';
import { PositionSharing } from './position-sharing';
import './mission-page.css';
import { formatLocale } from '@vtc/shared/i18n/format-locale';

function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : getStoredLanguage();
}

const parisFormat = (language: Language, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(formatLocale(language), { timeZone: 'Europe/Paris', ...options });

/** /mission?id&token: the chauffeur's trip, phone first, with the four step buttons (decision 0083). */
export function MissionPage() {
  const { t } = useTranslation('mission');
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const token = params.get('token') ?? '';
  if (!/^\d{1,9}$/.test(id) || token === '') return <Refusal message={t('incomplete')} />;
  return <MissionView id={id} token={token} />;
}

function Refusal({ message }: { message: string }) {
  const { t } = useTranslation('mission');
  return (
    <section className="mission-card mission-refusal" role="alert">
      <h1 className="mission-title">{t('refusedTitle')}</h1>
      <p>{message}</p>
      <p className="mission-muted">{t('refusedHelp')}</p>
    </section>
  );
}

function MissionView({ id, token }: { id: string; token: string }) {
  const { t } = useTranslation('mission');
  const mission = useMission(id, token);
  if (mission.isPending) return <Spinner label={t('loading')} />;
  if (mission.isError) {
    const error = mission.error;
    return <Refusal message={error instanceof ApiError && error.status < 500 ? error.message : t('loadError')} />;
  }
  if (mission.data.status === 'off') return <MissionOff reason={mission.data.reason} />;
  return <MissionDetails mission={mission.data} id={id} token={token} />;
}

/** The trip is off for this chauffeur (decision 0109): that alone, nothing of the passenger or the places. */
function MissionOff({ reason }: { reason: MissionOffReason }) {
  const { t } = useTranslation('mission');
  const cancelled = reason === 'cancelled';
  return (
    <section className="mission-card mission-refusal" role="alert">
      <h1 className="mission-title">{cancelled ? t('off.cancelled.title') : t('off.reassigned.title')}</h1>
      <p>{cancelled ? t('off.cancelled.text') : t('off.reassigned.text')}</p>
      <p className="mission-muted">{t('off.help')}</p>
    </section>
  );
}

function Place({ label, place }: { label: string; place: MissionPlace }) {
  const { t } = useTranslation('mission');
  return (
    <div className="mission-place">
      <div>
        <p className="mission-label">{label}</p>
        <p className="mission-place-title" dir="auto">
          {place.title}
        </p>
        {place.address ? <p dir="auto">{place.address}</p> : null}
      </div>
      <a className="btn btn-outline mission-nav" href={place.navigationUrl} target="_blank" rel="noreferrer">
        {t('navigate')}
      </a>
    </div>
  );
}

function StatusChip({ status }: { status: MissionStatus | null }) {
  const { t } = useTranslation('mission');
  const shown: MissionStatus | 'none' = status ?? 'none';
  return <p className="mission-status">{t(`status.${shown}`)}</p>;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === '' || children === undefined) return null;
  return (
    <div className="mission-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function MissionDetails({ mission, id, token }: { mission: Mission; id: string; token: string }) {
  const { t } = useTranslation('mission');
  const language = useLanguage();
  const step = useMissionStep(id, token);
  // Completing the trip cannot be undone (it bills the customer): it asks once more.
  const [confirmingDone, setConfirmingDone] = useState(false);
  const [confirmingNoShow, setConfirmingNoShow] = useState(false);
  const [signShown, setSignShown] = useState(false);
  const closeSign = useCallback(() => setSignShown(false), []);
  const balance = useMissionBalance(id, token);
  const end = useMissionEnd(id, token);
  const { t: tc } = useTranslation('common');
  const day = parisFormat(language, { weekday: 'long', day: 'numeric', month: 'long' });
  const time = parisFormat(language, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const clock = parisFormat(language, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
  // The customer follows the car from en route until on board (decision 0132).
  const sharing = (mission.status === 'en_route' || mission.status === 'on_site') && (mission.bookingStatus === 'accepted' || mission.bookingStatus === 'paid');
  const pickupAt = new Date(mission.pickupAt);
  const stepAt = (status: MissionStatus) => [...mission.history].reverse().find((entry) => entry.status === status)?.at;
  // A no-show leaves on_site: the steps up to it were reached.
  const last = mission.status === 'no_show' ? 'on_site' : mission.status;
  const reached = (status: MissionStatus) => last !== null && MISSION_STEPS.indexOf(status as (typeof MISSION_STEPS)[number]) <= MISSION_STEPS.indexOf(last);
  // Steps follow the clock (decision 0117): a step not open yet says from when; the server refuses it before.
  const opensLater = (at: string | null) => (at !== null && Date.parse(at) > Date.now() ? formatParisDateTime(at, language) : null);
  const nextFrom = opensLater(mission.nextOpensAt);
  const noShowFrom = opensLater(mission.noShowOpensAt);

  return (
    <article className="mission">
      <header className="mission-head">
        <h1 className="mission-title">{t('title', { id: mission.id })}</h1>
        <StatusChip status={mission.status} />
      </header>

      {mission.bookingStatus === 'completed' ? <p className="mission-banner mission-banner-success">{t('completed')}</p> : null}
      {mission.status === 'no_show' ? <p className="mission-banner mission-banner-danger">{t('noShowReported')}</p> : null}

      <section className="mission-card mission-when">
        <p className="mission-label">{t('pickup')}</p>
        <p className="mission-time">{time.format(pickupAt)}</p>
        <p className="mission-day">{day.format(pickupAt)}</p>
      </section>

      {mission.hire ? <MissionHireCard hire={mission.hire} language={language} /> : null}
      {sharing ? <PositionSharing id={id} token={token} formatTime={(date) => clock.format(date)} /> : null}

      {mission.signName ? (
        <section className="mission-card" aria-labelledby="mission-sign-title">
          <h2 id="mission-sign-title" className="mission-label">
            {t('sign.title')}
          </h2>
          <p className="mission-place-title" dir="auto">
            {mission.signName}
          </p>
          <button type="button" className="btn btn-primary mission-call" onClick={() => setSignShown(true)}>
            {t('sign.show')}
          </button>
        </section>
      ) : null}
      {signShown && mission.signName ? <NameSign name={mission.signName} onClose={closeSign} /> : null}

      <section className="mission-card">
        <Place label={t('from')} place={mission.pickup} />
        {mission.stops.map((stop, index) => (
          <Place key={`${stop.title}-${index}`} label={t('stop', { n: index + 1 })} place={stop} />
        ))}
        {/* A hire without a drop-off ends where it started (decision 0137). */}
        {mission.hire && !mission.hire.hasDropOff ? null : <Place label={t('to')} place={mission.destination} />}
      </section>

      <section className="mission-card">
        <p className="mission-label">{t('passenger')}</p>
        <p className="mission-place-title" dir="auto">
          {mission.passenger.name}
        </p>
        {mission.passenger.phone ? (
          <a className="btn btn-primary mission-call" href={`tel:${mission.passenger.phone}`}>
            {t('call')} <span dir="ltr">{formatPhone(mission.passenger.phone)}</span>
          </a>
        ) : null}
        <dl className="mission-facts">
          <Fact label={t('party')}>{t('partyValue', mission.party)}</Fact>
          <Fact label={t('luggage')}>{t('luggageValue', mission.luggage)}</Fact>
          <Fact label={t('flight')}>{mission.flightNumber ? <span dir="ltr">{mission.flightNumber}</span> : null}</Fact>
          <Fact label={t('train')}>{mission.trainNumber ? <span dir="ltr">{mission.trainNumber}</span> : null}</Fact>
          <Fact label={t('arriveFrom')}>{mission.arriveFrom}</Fact>
          <Fact label={t('arriveTime')}>{mission.arriveTime ? <span dir="ltr">{mission.arriveTime}</span> : null}</Fact>
          <Fact label={t('message')}>{mission.message ? <span dir="auto">{mission.message}</span> : null}</Fact>
          <Fact label={t('car')}>{mission.car ? t('carValue', mission.car) : null}</Fact>
          {/* A company's trip is billed on its monthly statement: nothing is collected on board (decision 0161). */}
          <Fact label={t('balance')}>{mission.onAccount ? t('balanceOnAccount') : formatEuros(mission.balanceCents, language)}</Fact>
        </dl>
      </section>

      {mission.returnTrip ? (
        <section className="mission-card">
          <p className="mission-label">{t('returnTrip')}</p>
          <p className="mission-place-title">
            {t('returnWhen', { day: day.format(new Date(mission.returnTrip.pickupAt)), time: time.format(new Date(mission.returnTrip.pickupAt)) })}
          </p>
          {mission.returnTrip.address ? <p dir="auto">{mission.returnTrip.address}</p> : null}
        </section>
      ) : null}

      <section className="mission-card">
        <p className="mission-label">{t('voucherTitle')}</p>
        <a
          className="btn btn-outline mission-call mission-voucher"
          href={`/api/mission/voucher/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`}
          download
        >
          {t('voucher')}
        </a>
      </section>

      <section className="mission-card" aria-labelledby="mission-steps-title">
        <h2 id="mission-steps-title" className="mission-label">
          {t('steps')}
        </h2>
        <ol className="mission-steps">
          {MISSION_STEPS.map((status: MissionStatus) => {
            const at = stepAt(status);
            const done = reached(status);
            return (
              <li key={status}>
                <button
                  type="button"
                  className={done ? 'btn mission-step is-done' : status === mission.next ? 'btn btn-primary mission-step' : 'btn mission-step'}
                  disabled={status !== mission.next || step.isPending}
                  onClick={() => (status === 'done' ? setConfirmingDone(true) : step.mutate(status))}
                >
                  <span>{status === 'done' && mission.hire ? t('hire.endStep') : t(`step.${status}`)}</span>
                  {done && at ? <span className="mission-step-time">{time.format(new Date(at))}</span> : null}
                  {status === mission.next && nextFrom ? <span className="mission-step-from">{t('opensFrom', { when: nextFrom })}</span> : null}
                </button>
              </li>
            );
          })}
        </ol>
        {mission.noShowOpensAt !== null ? (
          <button type="button" className="btn btn-outline mission-step mission-no-show" disabled={step.isPending} onClick={() => setConfirmingNoShow(true)}>
            <span>{t('step.no_show')}</span>
            {noShowFrom ? <span className="mission-step-from">{t('opensFrom', { when: noShowFrom })}</span> : null}
          </button>
        ) : null}
        {confirmingNoShow && mission.noShowOpensAt !== null ? (
          <div className="mission-confirm" role="group" aria-labelledby="mission-no-show-text">
            <p id="mission-no-show-text">{t('confirmNoShow')}</p>
            <div className="mission-confirm-actions">
              <button
                type="button"
                className="btn btn-primary"
                disabled={step.isPending}
                onClick={() => step.mutate('no_show', { onSettled: () => setConfirmingNoShow(false) })}
              >
                {t('confirmNoShowYes')}
              </button>
              <button type="button" className="btn btn-outline" onClick={() => setConfirmingNoShow(false)}>
                {t('confirmDoneNo')}
              </button>
            </div>
          </div>
        ) : null}
        {confirmingDone && mission.next === 'done' && mission.hire ? (
          <HireEndForm
            hire={mission.hire}
            pending={end.isPending}
            error={end.error}
            onEnd={(body) => end.mutate(body, { onSuccess: () => setConfirmingDone(false) })}
            onCancel={() => setConfirmingDone(false)}
          />
        ) : null}
        {confirmingDone && mission.next === 'done' && !mission.hire ? (
          <div className="mission-confirm" role="group" aria-labelledby="mission-confirm-text">
            <p id="mission-confirm-text">{t('confirmDone')}</p>
            <div className="mission-confirm-actions">
              <button
                type="button"
                className="btn btn-primary"
                disabled={step.isPending}
                onClick={() => step.mutate('done', { onSettled: () => setConfirmingDone(false) })}
              >
                {t('confirmDoneYes')}
              </button>
              <button type="button" className="btn btn-outline" onClick={() => setConfirmingDone(false)}>
                {t('confirmDoneNo')}
              </button>
            </div>
          </div>
        ) : null}
        {step.isError ? (
          <p className="mission-banner mission-banner-danger" role="alert">
            {step.error instanceof ApiError ? step.error.message : t('loadError')}
          </p>
        ) : null}
      </section>

      {mission.bookingStatus === 'completed' ? (
        <section className="mission-card" aria-labelledby="mission-balance-title">
          <h2 id="mission-balance-title" className="mission-label">
            {/* A company's trip is paid with its statement: nothing was collected on board (decision 0161). */}
            {mission.onAccount && mission.balances.length === 0 ? tc('balanceForm.statementTitle') : tc('balanceForm.title')}
          </h2>
          <BalanceForm
            key={mission.balanceCents}
            language={language}
            dueCents={mission.balanceCents}
            statement={mission.onAccount ? 'due' : undefined}
            records={mission.balances}
            pending={balance.isPending}
            error={balance.isError ? (balance.error instanceof ApiError ? balance.error.message : t('loadError')) : null}
            onRecord={(body) => balance.mutate(body)}
          />
        </section>
      ) : null}
    </article>
  );
}
