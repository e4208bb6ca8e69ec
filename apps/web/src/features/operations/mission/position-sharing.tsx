import { useQueryClient } from '@tanstack/react-query';
import type { PositionResponse } from '@vtc/shared/missions/tracking-responses';
import { POSITION_INTERVAL_MS } from '@vtc/shared/missions/tracking-schemas';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch, ApiError } from '../../../lib/api-fetch';

type Sharing = 'ask' | 'sharing' | 'denied' | 'unavailable';

/** Refusals after which the phone stops sharing: the step moved on, or the trip went off (the page reloads the mission). */
const FINAL_CODES = new Set(['position_sharing_over', 'position_not_yet', 'mission_closed', 'mission_link_revoked', 'mission_link_expired', 'mission_link_invalid']);

const hasGeolocation = () => typeof navigator !== 'undefined' && 'geolocation' in navigator;

/**
 * From "en route" until "on board" the phone's position goes to the customer's tracking page
 * every few seconds (decision 0132). The chauffeur is told why before the browser asks; once the
 * permission is granted (now or before), sharing starts by itself and stops with the step.
 */
export function PositionSharing({ id, token, formatTime }: { id: string; token: string; formatTime: (date: Date) => string }) {
  const { t } = useTranslation('mission');
  const queryClient = useQueryClient();
  const [state, setState] = useState<Sharing>(() => (hasGeolocation() ? 'ask' : 'unavailable'));
  const [sentAt, setSentAt] = useState<Date | null>(null);
  const [error, setError] = useState<string | null>(null);
  const lastSent = useRef(0);

  // A permission granted before (an earlier visit, this trip's en route) starts sharing without asking again.
  useEffect(() => {
    if (state !== 'ask' || typeof navigator.permissions?.query !== 'function') return;
    let live = true;
    navigator.permissions.query({ name: 'geolocation' }).then(
      (permission) => {
        if (live && permission.state === 'granted') setState('sharing');
        if (live && permission.state === 'denied') setState('denied');
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [state]);

  useEffect(() => {
    if (state !== 'sharing') return;
    let stopped = false;
    const send = (position: GeolocationPosition) => {
      // The same fix twice (a cached one) is sent once: positions must come in order.
      if (stopped || position.timestamp <= lastSent.current) return;
      lastSent.current = position.timestamp;
      const body = {
        token,
        lat: position.coords.latitude,
        lon: position.coords.longitude,
        accuracy: Math.min(Math.round(position.coords.accuracy), 10_000),
        at: new Date(position.timestamp).toISOString(),
      };
      apiFetch<PositionResponse>(`/mission/position/${encodeURIComponent(id)}`, { method: 'POST', body, authenticated: false }).then(
        () => {
          setSentAt(new Date(position.timestamp));
          setError(null);
        },
        (failure: unknown) => {
          if (stopped) return;
          if (failure instanceof ApiError && FINAL_CODES.has(failure.code)) {
            stopped = true;
            void queryClient.invalidateQueries({ queryKey: ['mission', id, token] });
            return;
          }
          // A refused or lost position is not sent again: the next one follows in a few seconds.
          setError(failure instanceof ApiError ? failure.message : t('sharing.failed'));
        },
      );
    };
    const locate = () =>
      navigator.geolocation.getCurrentPosition(send, (failure) => {
        if (stopped) return;
        if (failure.code === failure.PERMISSION_DENIED) setState('denied');
        else setError(t('sharing.noFix'));
      }, { enableHighAccuracy: true, maximumAge: POSITION_INTERVAL_MS / 2, timeout: 30_000 });
    locate();
    const timer = window.setInterval(locate, POSITION_INTERVAL_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [state, id, token, queryClient, t]);

  return (
    <section className="mission-card mission-sharing" aria-labelledby="mission-sharing-title">
      <h2 id="mission-sharing-title" className="mission-label">
        {t('sharing.title')}
      </h2>
      {state === 'ask' ? (
        <>
          <p>{t('sharing.why')}</p>
          <button type="button" className="btn btn-primary mission-call" onClick={() => setState('sharing')}>
            {t('sharing.start')}
          </button>
        </>
      ) : null}
      {state === 'sharing' ? (
        <p role="status" className="mission-sharing-live">
          {sentAt ? t('sharing.live', { time: formatTime(sentAt) }) : t('sharing.starting')}
        </p>
      ) : null}
      {state === 'denied' ? <p role="alert">{t('sharing.denied')}</p> : null}
      {state === 'unavailable' ? <p role="alert">{t('sharing.unavailable')}</p> : null}
      {state === 'sharing' && error ? (
        <p className="mission-banner mission-banner-danger" role="alert">
          {error}
        </p>
      ) : null}
      <p className="mission-muted">{t('sharing.privacy')}</p>
    </section>
  );
}
