import { formatPrice } from '@vtc/shared/pricing/format-euros';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { RouteMap } from '../../../components/map/route-map';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { usePublicTour } from '../../../lib/catalogue-api';
import { getStoredLanguage } from '../../../lib/language';
import { tourBookingUrl } from './tour-links';
import './tours-page.css';

/** /excursions/:id: one tour, its places on the map, its price per car and the button that books it. */
export function TourPage() {
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id <= 0) return <Navigate to="/excursions" replace />;
  return (
    <Suspense fallback={<PageSpinner />}>
      <TourDetails id={id} />
    </Suspense>
  );
}

function TourDetails({ id }: { id: number }) {
  const { t } = useTranslation('tours');
  const language = getStoredLanguage();
  const query = usePublicTour(id);
  if (query.isPending) {
    return <PageSpinner />;
  }
  if (query.isError) {
    return (
      <section className="page-section tours-page">
        <div className="container">
          <h1 className="page-title">{t('notFoundTitle')}</h1>
          <p className="page-lead">{t('notFound')}</p>
          <Link className="btn btn-primary" to="/excursions">
            {t('allTours')}
          </Link>
        </div>
      </section>
    );
  }
  const tour = query.data;
  // The map: from the first departure place through the places visited, in order.
  const point = (place: { name: string; lat: number; lon: number } | undefined) => ({ title: place?.name ?? '', lat: place?.lat ?? null, lon: place?.lon ?? null });
  const trip = { origin: point(tour.departures[0]), stops: tour.visits.slice(0, -1).map(point), destination: point(tour.visits.at(-1)) };
  return (
    <article className="page-section tours-page tour-page">
      <div className="container">
        <p className="tour-back">
          <Link to="/excursions">{t('allTours')}</Link>
        </p>
        <h1 className="page-title">{tour.name[language]}</h1>
        <p className="tour-card-facts">
          <span>{t('duration', { hours: tour.durationHours })}</span>
        </p>
        <div className="tour-page-layout">
          <div className="tour-page-text">
            {tour.imgUrl ? <img className="tour-page-image" src={tour.imgUrl} alt="" width={800} height={450} decoding="async" /> : null}
            <p>{tour.description[language]}</p>
            <h2 className="tour-page-subtitle">{t('departures')}</h2>
            <ul className="tour-place-list">
              {tour.departures.map((place) => (
                <li key={place.name}>{place.name}</li>
              ))}
            </ul>
            <h2 className="tour-page-subtitle">{t('visits')}</h2>
            <ol className="tour-place-list">
              {tour.visits.map((place) => (
                <li key={place.name}>{place.name}</li>
              ))}
            </ol>
          </div>
          <aside className="card tour-page-prices" aria-labelledby="tour-prices-title">
            <h2 id="tour-prices-title" className="tour-page-subtitle">
              {t('prices')}
            </h2>
            {tour.prices.length === 0 ? (
              <p>{t('noPrice')}</p>
            ) : (
              <table className="tour-price-table">
                <caption className="visually-hidden">{t('pricesCaption', { name: tour.name[language] })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('car')}</th>
                    <th scope="col">{t('seats')}</th>
                    <th scope="col">{t('price')}</th>
                  </tr>
                </thead>
                <tbody>
                  {tour.prices.map((price) => (
                    <tr key={price.carId}>
                      <th scope="row">{price.carName}</th>
                      <td>{price.seats}</td>
                      <td>{formatPrice(price.priceCents, language)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            <p className="tour-price-note">{t('priceNote')}</p>
            {tour.prices.length > 0 ? (
              <Link className="btn btn-primary tour-book" to={tourBookingUrl(tour)}>
                {t('book')}
              </Link>
            ) : null}
          </aside>
        </div>
        <section className="tour-page-map" aria-label={t('mapLabel')}>
          <RouteMap trip={trip} />
        </section>
      </div>
    </article>
  );
}
