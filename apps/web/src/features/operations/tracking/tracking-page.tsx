import { formatLocale } from '@vtc/shared/i18n/format-locale';
import { isLanguage, type Language } from '@vtc/shared/i18n/languages';
import type { Tracking } from '@vtc/shared/missions/tracking-responses';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { RouteMap } from '../../../components/map/route-map';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-fetch';
import { getStoredLanguage } from '../../../lib/language';
import { useTracking, useTrackingStream } from './tracking-api';
import './tracking-page.css';

function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : getStoredLanguage();
}

const parisFormat = (language: Language, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(formatLocale(language), { timeZone: 'Europe/Paris', hourCycle: 'h23', ...options });

/** The clock of the page, moved every 15 s, so that "in 8 min" counts down between positions. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 15_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * /track/:id?token= — the customer's tracking page (decision 0132), reached by the link of the
 * "en route" mail, no account needed: the car coming on the trip's map with an arrival estimate,
 * from "en route" until "on board"; before and after, it says so.
 */
export function TrackingPage() {
  const { t } = useTranslation('tracking');
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  if (!/^\d{1,9}$/.test(id) || token === '') return <Notice title={t('invalid.title')} text={t('invalid.incomplete')} />;
  return <TrackingView id={id} token={token} />;
}

function Notice({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation('tracking');
  return (
    <section className="container tracking">
      <div className="tracking-card tracking-notice" role="alert">
        <h1 className="tracking-title">{title}</h1>
        <p>{text}</p>
        <p className="tracking-muted">{t('help')}</p>
      </div>
    </section>
  );
}

function TrackingView({ id, token }: { id: string; token: string }) {
  const { t } = useTranslation('tracking');
  const tracking = useTracking(id, token);
  useTrackingStream(id, token, tracking.isSuccess);
  if (tracking.isPending) return <Spinner label={t('loading')} />;
  if (tracking.isError) {
    const error = tracking.error;
    if (error instanceof ApiError && error.status === 410) return <Notice title={error.code === 'tracking_cancelled' ? t('cancelled.title') : t('over.title')} text={error.message} />;
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return <Notice title={t('invalid.title')} text={error.message} />;
    return <Notice title={t('loadError.title')} text={t('loadError.text')} />;
  }
  return <TrackingDetails tracking={tracking.data} />;
}

function TrackingDetails({ tracking }: { tracking: Tracking }) {
  const { t } = useTranslation('tracking');
  const language = useLanguage();
  const now = useNow();
  const time = parisFormat(language, { hour: '2-digit', minute: '2-digit' });
  const clock = parisFormat(language, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  const day = parisFormat(language, { weekday: 'long', day: 'numeric', month: 'long' });
  const { status, position, arrival, driver, car } = tracking;
  const name = driver?.firstName ?? t('yourDriver');
  const minutes = arrival ? Math.max(0, Math.ceil((Date.parse(arrival.at) - now) / 60_000)) : null;
  const pickupAt = new Date(tracking.pickupAt);
  const words = {
    waiting: { title: t('status.waiting.title'), text: t('status.waiting.text', { name }) },
    en_route: { title: t('status.en_route.title', { name }), text: t('status.en_route.text') },
    on_site: { title: t('status.on_site.title', { name }), text: t('status.on_site.text') },
    on_board: { title: t('status.on_board.title'), text: t('status.on_board.text') },
  }[status];

  return (
    <section className="container tracking" aria-labelledby="tracking-title">
      <header className="tracking-head">
        <p className="tracking-kicker">{t('kicker', { id: tracking.id })}</p>
        <h1 id="tracking-title" className="tracking-title">
          {words.title}
        </h1>
        <p className="tracking-lead" role="status">
          {words.text}
        </p>
      </header>

      <div className="tracking-layout">
        <div className="tracking-side">
          {status === 'en_route' ? (
            <div className="tracking-card tracking-arrival">
              <p className="tracking-label">{t('arrival.label')}</p>
              {arrival && minutes !== null ? (
                <>
                  <p className="tracking-eta">{time.format(new Date(arrival.at))}</p>
                  <p>{minutes === 0 ? t('arrival.now') : t('arrival.in', { count: minutes })}</p>
                  <p className="tracking-muted">{t('arrival.estimate')}</p>
                </>
              ) : (
                <p>{t('arrival.unknown')}</p>
              )}
            </div>
          ) : null}

          <div className="tracking-card">
            <p className="tracking-label">{t('pickup')}</p>
            <p className="tracking-strong">{t('pickupWhen', { day: day.format(pickupAt), time: time.format(pickupAt) })}</p>
            <p dir="auto">{tracking.origin.title}</p>
          </div>

          {driver || car ? (
            <div className="tracking-card">
              <p className="tracking-label">{t('driverLabel')}</p>
              {driver ? <p className="tracking-strong" dir="auto">{driver.firstName}</p> : null}
              {car ? (
                <p>
                  {car.name} · <span dir="ltr">{car.plate}</span>
                </p>
              ) : null}
            </div>
          ) : null}
        </div>

        <div className="tracking-map">
          <RouteMap
            trip={tracking}
            car={position ? { lat: position.lat, lon: position.lon, label: t('map.car', { name }) } : null}
            caption={position ? t('map.seenAt', { time: clock.format(new Date(position.at)) }) : t('map.noPosition')}
          />
        </div>
      </div>
      <p className="tracking-muted">{t('privacy')}</p>
    </section>
  );
}

// The rating page (decision 0146), the other page a customer opens by a signed link about a trip:
// in this chunk, so the router's initial code names no new chunk (the home page's budget, decision 0143).
export { FeedbackPage } from './feedback-page';
