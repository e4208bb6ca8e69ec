import type { TourItem } from '@vtc/shared/tours/tour-responses';
import { formatPrice } from '@vtc/shared/pricing/format-euros';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { Spinner } from '../../../components/ui/spinner';
import { usePublicTours } from '../../../lib/catalogue-api';
import { getStoredLanguage } from '../../../lib/language';
import { tourBookingUrl } from './tour-links';
import './tours-page.css';

/** /excursions: the tours on sale, each with its photo, duration, lowest price and its page. */
export function ToursPage() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <ToursList />
    </Suspense>
  );
}

function ToursList() {
  const { t } = useTranslation('tours');
  const tours = usePublicTours();
  return (
    <section className="page-section tours-page">
      <div className="container">
        <h1 className="page-title">{t('title')}</h1>
        <p className="page-lead">{t('lead')}</p>
        {tours.isPending ? <Spinner label={t('common:loading')} /> : null}
        {tours.isError || (tours.isSuccess && tours.data.length === 0) ? <p className="tours-empty">{t('empty')}</p> : null}
        <ul className="tours-grid">
          {(tours.data ?? []).map((tour) => (
            <TourCard key={tour.id} tour={tour} />
          ))}
        </ul>
      </div>
    </section>
  );
}

function TourCard({ tour }: { tour: TourItem }) {
  const { t } = useTranslation('tours');
  const language = getStoredLanguage();
  const cheapest = tour.prices[0];
  return (
    <li className="card tour-card">
      {tour.imgUrl ? <img className="tour-card-image" src={tour.imgUrl} alt="" width={640} height={360} loading="lazy" decoding="async" /> : null}
      <div className="tour-card-body">
        <h2 className="tour-card-title">
          <Link to={`/excursions/${tour.id}`}>{tour.name[language]}</Link>
        </h2>
        <p className="tour-card-facts">
          <span>{t('duration', { hours: tour.durationHours })}</span>
          {cheapest ? <span>{t('fromPrice', { price: formatPrice(cheapest.priceCents, language) })}</span> : null}
        </p>
        <p className="tour-card-text">{tour.description[language]}</p>
        <div className="tour-card-actions">
          <Link className="btn btn-outline" to={`/excursions/${tour.id}`} aria-label={t('seeTour', { name: tour.name[language] })}>
            {t('details')}
          </Link>
          {cheapest ? (
            <Link className="btn btn-primary" to={tourBookingUrl(tour)} aria-label={t('bookTour', { name: tour.name[language] })}>
              {t('book')}
            </Link>
          ) : null}
        </div>
      </div>
    </li>
  );
}
