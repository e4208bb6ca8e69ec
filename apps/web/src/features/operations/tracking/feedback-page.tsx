import { FEEDBACK_COMMENT_MAX } from '@vtc/shared/feedback/feedback-limits';
import type { FeedbackState } from '@vtc/shared/feedback/feedback-responses';
import { formatLocale } from '@vtc/shared/i18n/format-locale';
import { isLanguage, type Language } from '@vtc/shared/i18n/languages';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-fetch';
import { getStoredLanguage } from '../../../lib/language';
import { useFeedbackState, useSendFeedback } from './feedback-api';
import './feedback-page.css';

const STARS = [1, 2, 3, 4, 5] as const;

function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : getStoredLanguage();
}

/**
 * /feedback/:id?token= — the customer's rating of a completed trip (decision 0146), reached by the
 * link of the mail (or text) sent after the trip, no account needed: 1 to 5 stars and a comment,
 * once; then thanks, and for a good rating the company's public reviews page.
 */
export function FeedbackPage() {
  const { t } = useTranslation('feedback');
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  if (!/^\d{1,9}$/.test(id) || token === '') return <Notice title={t('invalid.title')} text={t('invalid.incomplete')} />;
  return <FeedbackView id={id} token={token} />;
}

function Notice({ title, text }: { title: string; text: string }) {
  return (
    <section className="container feedback">
      <div className="feedback-card" role="alert">
        <h1 className="feedback-title">{title}</h1>
        <p>{text}</p>
      </div>
    </section>
  );
}

function FeedbackView({ id, token }: { id: string; token: string }) {
  const { t } = useTranslation('feedback');
  const state = useFeedbackState(id, token);
  if (state.isPending) return <Spinner label={t('loading')} />;
  if (state.isError) {
    const error = state.error;
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return <Notice title={t('invalid.title')} text={error.message} />;
    return <Notice title={t('loadError.title')} text={t('loadError.text')} />;
  }
  return <FeedbackDetails id={id} token={token} trip={state.data} />;
}

function TripLine({ trip }: { trip: FeedbackState }) {
  const { t } = useTranslation('feedback');
  const language = useLanguage();
  const day = new Intl.DateTimeFormat(formatLocale(language), { timeZone: 'Europe/Paris', weekday: 'long', day: 'numeric', month: 'long' }).format(new Date(trip.pickupAt));
  return (
    <p className="feedback-lead">
      <bdi>{t('trip', { day, origin: trip.origin, destination: trip.destination })}</bdi>
      {trip.driverFirstName ? (
        <>
          {' '}
          <bdi>{t('driver', { name: trip.driverFirstName })}</bdi>
        </>
      ) : null}
    </p>
  );
}

function FeedbackDetails({ id, token, trip }: { id: string; token: string; trip: FeedbackState }) {
  const { t } = useTranslation('feedback');
  return (
    <section className="container feedback" aria-labelledby="feedback-title">
      <header className="feedback-head">
        <p className="feedback-kicker">{t('kicker', { id: trip.id })}</p>
        <h1 id="feedback-title" className="feedback-title">
          {trip.rating === null ? t('title') : t('thanks.title')}
        </h1>
        <TripLine trip={trip} />
      </header>
      {trip.rating === null ? <FeedbackForm id={id} token={token} /> : <Thanks trip={trip} />}
    </section>
  );
}

function Thanks({ trip }: { trip: FeedbackState }) {
  const { t } = useTranslation('feedback');
  return (
    <div className="feedback-card" role="status">
      <p className="feedback-stars-given" aria-label={t('stars', { count: trip.rating ?? 0 })}>
        {STARS.map((star) => (
          <span key={star} aria-hidden="true" className={star <= (trip.rating ?? 0) ? 'feedback-star is-on' : 'feedback-star'}>
            ★
          </span>
        ))}
      </p>
      <p>{t('thanks.text')}</p>
      {trip.reviewsUrl ? (
        <div className="feedback-reviews">
          <p>{t('reviews.text')}</p>
          <a className="btn btn-primary" href={trip.reviewsUrl} target="_blank" rel="noopener noreferrer">
            {t('reviews.action')}
          </a>
        </div>
      ) : null}
    </div>
  );
}

function FeedbackForm({ id, token }: { id: string; token: string }) {
  const { t } = useTranslation('feedback');
  const send = useSendFeedback(id, token);
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);
  const tooLong = comment.length > FEEDBACK_COMMENT_MAX;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating === 0) {
      setMissing(true);
      return;
    }
    if (tooLong) return;
    send.mutate({ rating, comment: comment.trim() === '' ? undefined : comment });
  };
  const error = send.error instanceof ApiError ? send.error.message : send.isError ? t('sendError') : null;

  return (
    <form className="feedback-card feedback-form" onSubmit={submit} noValidate>
      <fieldset className="feedback-rating" aria-describedby={missing ? 'feedback-rating-error' : undefined}>
        <legend className="feedback-label">{t('rating.legend')}</legend>
        <div className="feedback-star-row">
          {STARS.map((star) => (
            <label key={star} className={star <= rating ? 'feedback-star-choice is-on' : 'feedback-star-choice'}>
              <input
                type="radio"
                name="rating"
                value={star}
                checked={rating === star}
                onChange={() => {
                  setRating(star);
                  setMissing(false);
                }}
              />
              <span aria-hidden="true" className="feedback-star">
                ★
              </span>
              <span className="visually-hidden">{t('stars', { count: star })}</span>
            </label>
          ))}
        </div>
        <p className="feedback-hint" aria-live="polite">
          {rating === 0 ? t('rating.none') : t(`rating.words.${rating}`)}
        </p>
        {missing ? (
          <p id="feedback-rating-error" className="field-error" role="alert">
            {t('rating.missing')}
          </p>
        ) : null}
      </fieldset>
      <div className="feedback-comment">
        <label className="feedback-label" htmlFor="feedback-comment">
          {t('comment.label')}
        </label>
        <textarea
          id="feedback-comment"
          rows={5}
          value={comment}
          dir="auto"
          aria-invalid={tooLong || undefined}
          aria-describedby="feedback-comment-count"
          onChange={(event) => setComment(event.target.value)}
        />
        <p id="feedback-comment-count" className={tooLong ? 'field-error' : 'feedback-hint'}>
          {t('comment.count', { length: comment.length, max: FEEDBACK_COMMENT_MAX })}
        </p>
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={send.isPending}>
        {send.isPending ? t('sending') : t('send')}
      </button>
      <p className="feedback-hint">{t('privacy')}</p>
    </form>
  );
}
