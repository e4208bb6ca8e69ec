import { FEEDBACK_ANSWER_MAX } from '@vtc/shared/feedback/feedback-limits';
import type { FeedbackItem } from '@vtc/shared/feedback/feedback-responses';
import { formatParisDateTime } from '@vtc/shared/time/format-paris';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-fetch';
import { getStoredLanguage } from '../../../lib/language';
import { useAnswerReview, useReviews, type ReviewFilters } from './reviews-api';
import './reviews-page.css';

const STARS = [1, 2, 3, 4, 5] as const;

/** Avis: the customers' ratings after their trips, newest first, each with the company's answer box (decision 0146). */
export function ReviewsPage() {
  const { t } = useTranslation('admin');
  const [filters, setFilters] = useState<ReviewFilters>({ unanswered: false, maxRating: null });
  const reviews = useReviews(filters);
  return (
    <div className="admin-page">
      <h1 className="admin-title">{t('pages.reviews.title')}</h1>
      <p className="admin-lead">{t('pages.reviews.text')}</p>
      <div className="reviews-filters">
        <label className="reviews-filter">
          <input type="checkbox" checked={filters.unanswered} onChange={(event) => setFilters({ ...filters, unanswered: event.target.checked })} />
          {t('pages.reviews.unanswered')}
        </label>
        <label className="reviews-filter">
          {t('pages.reviews.maxRating')}
          <select
            value={filters.maxRating ?? ''}
            onChange={(event) => setFilters({ ...filters, maxRating: event.target.value === '' ? null : Number(event.target.value) })}
          >
            <option value="">{t('pages.reviews.anyRating')}</option>
            {STARS.map((star) => (
              <option key={star} value={star}>
                {t('pages.reviews.starsAtMost', { count: star })}
              </option>
            ))}
          </select>
        </label>
      </div>
      {reviews.isPending ? (
        <Spinner label={t('table.loading')} />
      ) : reviews.isError ? (
        <p role="alert">{t('pages.reviews.loadError')}</p>
      ) : reviews.data.length === 0 ? (
        <p className="admin-lead">{t('pages.reviews.empty')}</p>
      ) : (
        <ul className="reviews-list" aria-label={t('pages.reviews.title')}>
          {reviews.data.map((review) => (
            <li key={review.id}>
              <Review review={review} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Review({ review }: { review: FeedbackItem }) {
  const { t } = useTranslation('admin');
  const language = getStoredLanguage();
  const titleId = useId();
  return (
    <article className="card reviews-item" aria-labelledby={titleId}>
      <header className="reviews-head">
        <h2 id={titleId} className="reviews-title">
          <span className="reviews-stars" aria-hidden="true">
            {STARS.map((star) => (star <= review.rating ? '★' : '☆')).join('')}
          </span>{' '}
          <span className="visually-hidden">{t('pages.reviews.stars', { count: review.rating })} — </span>
          <bdi>{review.customerName}</bdi>
        </h2>
        <p className="reviews-meta">
          {t('pages.reviews.trip', { id: review.bookingId, date: formatParisDateTime(review.pickupAt, language) })}
          {' · '}
          <bdi>{review.driverName ?? t('pages.reviews.noDriver')}</bdi>
          {' · '}
          {t('pages.reviews.ratedAt', { date: formatParisDateTime(review.createdAt, language) })}
        </p>
      </header>
      {review.comment ? (
        <blockquote className="reviews-comment" dir="auto">
          {review.comment}
        </blockquote>
      ) : (
        <p className="reviews-meta">{t('pages.reviews.noComment')}</p>
      )}
      {review.answer ? (
        <div className="reviews-answer">
          <p className="reviews-meta">{t('pages.reviews.answeredAt', { date: formatParisDateTime(review.answeredAt ?? review.createdAt, language) })}</p>
          <p dir="auto">{review.answer}</p>
        </div>
      ) : null}
      <AnswerBox review={review} />
    </article>
  );
}

function AnswerBox({ review }: { review: FeedbackItem }) {
  const { t } = useTranslation('admin');
  const answer = useAnswerReview();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(review.answer === null);
  const id = useId();
  if (!open) {
    return (
      <button type="button" className="btn btn-soft btn-small reviews-action" onClick={() => setOpen(true)}>
        {t('pages.reviews.answerAgain')}
      </button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    answer.mutate(
      { id: review.id, answer: text },
      {
        onSuccess: () => {
          setText('');
          setOpen(false);
        },
      },
    );
  };
  const error = answer.error instanceof ApiError ? (answer.error.errors[0]?.message ?? answer.error.message) : answer.isError ? t('pages.reviews.answerFailed') : null;
  return (
    <form className="reviews-form" onSubmit={submit} noValidate>
      <label htmlFor={id} className="reviews-label">
        {t('pages.reviews.answerLabel')}
      </label>
      <textarea id={id} rows={3} value={text} dir="auto" maxLength={FEEDBACK_ANSWER_MAX} onChange={(event) => setText(event.target.value)} />
      <p className="reviews-meta">{t('pages.reviews.answerHint')}</p>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary btn-small reviews-action" disabled={answer.isPending}>
        {t('pages.reviews.answer')}
      </button>
    </form>
  );
}
