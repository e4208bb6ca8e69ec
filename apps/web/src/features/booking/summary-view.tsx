import { checkCarFits } from '@vtc/shared/pricing/check-car-fits';
import { formatEuros, formatPrice } from '@vtc/shared/pricing/format-euros';
import { translateMessage } from '@vtc/shared/i18n/error-messages';
import { formatNumber } from '@vtc/shared/i18n/format-number';
import { offerReasonText } from '@vtc/shared/pricing/offer-reason-words';
import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { RouteMap } from '../../components/map/route-map';
import { useGlobalLoader } from '../../components/ui/global-loader';
import { ApiError } from '../../lib/api-fetch';
import { showError } from '../../lib/form-errors';
import { getStoredLanguage } from '../../lib/language';
import { useHydrated } from '../../lib/use-hydrated';
import type { BookingSummary, CarOffer } from '@vtc/shared/booking/booking-responses';
import { bookingKeys, selectCar, useStepTwo } from './booking-api';
import { BagIcon, CarPlaceholder, PersonIcon } from '../../components/trip/trip-icons';
import { BookingSteps } from './booking-steps';
import { ContactOffer } from './contact-offer';
import { SummaryShell } from './summary-shell';
import { TripSummary } from './trip-summary';
import './booking-funnel.css';
import './summary-view.css';

/** Whether the car can take the party: the server's answer, and the shared rule as a second check. */
function isAllowed(car: CarOffer, booking: BookingSummary): boolean {
  const fits = checkCarFits(car, {
    adults: booking.passenger.adults,
    children: booking.passenger.children,
    luggage: booking.package,
  });
  return car.allowed && fits && car.price_cents !== undefined;
}

/** Step two (spec §2): the booking summary and every car with its price. */
export function SummaryView({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation('booking');
  const language = getStoredLanguage();
  const navigate = useNavigate();
  const loader = useGlobalLoader();
  const queryClient = useQueryClient();
  const query = useStepTwo(bookingId);
  // Hydrating the server's first paint (the page loading, docs/decisions/0154): the same markup
  // first, even when the cars are already in. The cars then come as a deferred render, which React
  // renders in slices, not in the synchronous pass that follows hydration or an answer.
  const hydrated = useHydrated();
  const answered = useMemo(
    () => (hydrated && !query.isPending ? { data: query.data, isError: query.isError } : null),
    [hydrated, query.isPending, query.data, query.isError],
  );
  const shown = useDeferredValue(answered, null);

  // While the cars load: the steps and the title where the page puts them, a spinner below.
  if (!shown) return <SummaryShell />;
  const { data, isError } = shown;

  const choose = async (car: CarOffer) => {
    try {
      await loader.run(() => selectCar(bookingId, car.id));
      await queryClient.invalidateQueries({ queryKey: bookingKeys.stepThree(bookingId) });
      await navigate('/confirmation');
    } catch (error) {
      showError(error);
      // Another booking took the car meanwhile: the list shows it busy from now on.
      if (error instanceof ApiError && error.code === 'car_busy') await queryClient.invalidateQueries({ queryKey: bookingKeys.stepTwo(bookingId) });
    }
  };

  return (
    <section className="booking-page">
      <div className="container">
        <BookingSteps current={2} />
        <header className="booking-page-head">
          <h1 className="page-title">{t('stepTwo.title')}</h1>
          <p className="page-lead">
            {data?.booking.serviceType === 'tour' ? t('stepTwo.leadTour') : data && data.booking.serviceType !== 'transfer' ? t('stepTwo.leadHire') : t('stepTwo.lead')}
          </p>
        </header>
        {isError || !data ? (
          <div className="booking-empty card">
            <p>{t('stepTwo.loadError')}</p>
            <Link to="/" className="btn btn-primary">
              {t('actions.restart')}
            </Link>
          </div>
        ) : (
          <div className="booking-layout">
            <div className="booking-main">
              <h2 className="booking-section-title">{t('stepTwo.carsTitle')}</h2>
              {data.contact.offered ? (
                <ContactOffer booking={data.booking} contact={data.contact} />
              ) : data.cars.every((car) => !isAllowed(car, data.booking)) ? (
                <p className="notice notice-warning" role="status">
                  {translateMessage('no_cars_available', language)}
                </p>
              ) : null}
              <ul className="car-list">
                {data.cars.map((car) => {
                  const allowed = isAllowed(car, data.booking);
                  const reasonId = `car-${car.id}-reason`;
                  return (
                    <li key={car.id} className={`car-card${allowed ? '' : ' is-disabled'}`} aria-disabled={!allowed || undefined}>
                      <div className="car-media">
                        {car.img_url ? (
                          <img src={car.img_url} alt="" width={240} height={150} loading="lazy" />
                        ) : (
                          <CarPlaceholder />
                        )}
                      </div>
                      <div className="car-body">
                        <h3 className="car-name">{car.name}</h3>
                        <p className="car-model">{car.model}</p>
                        <ul className="car-capacity">
                          <li>
                            <PersonIcon />
                            {t('stepTwo.seats', { count: car.seats })}
                          </li>
                          <li>
                            <BagIcon />
                            {t('stepTwo.bags', { count: car.packages })}
                          </li>
                        </ul>
                        {allowed && car.hire ? (
                          // What a hire's price includes, and what more km cost (issue 22).
                          <p className="car-hire-terms">
                            {t('stepTwo.hireKm', {
                              km: Math.round(car.hire.km_included),
                              price: formatEuros(car.hire.price_per_extra_km_cents, language),
                            })}
                            {data.booking.serviceType === 'hourly' && data.booking.hours !== null && car.hire.billed_hours > data.booking.hours
                              ? ` ${t('stepTwo.hireMinimum', { hours: car.hire.billed_hours })}`
                              : null}
                          </p>
                        ) : null}
                        {!allowed ? (
                          <p id={reasonId} className="car-reason">
                            {offerReasonText(car.reason ?? 'car_not_allowed', language)}
                          </p>
                        ) : null}
                      </div>
                      <div className="car-price">
                        {allowed && car.price_cents !== undefined ? (
                          <>
                            <span className="car-price-label">{data.booking.serviceType === 'transfer' ? t('stepTwo.oneWay') : t('stepTwo.totalPrice')}</span>
                            <span className="car-price-amount">{formatPrice(car.price_cents, language)}</span>
                            {car.company_discount ? (
                              // A company member's price, its discount already off (decision 0150).
                              <span className="car-price-discount">
                                {t('stepTwo.companyDiscount', { percent: formatNumber(car.company_discount.percent, language) })}
                              </span>
                            ) : null}
                          </>
                        ) : null}
                        <button
                          type="button"
                          className="btn btn-primary"
                          disabled={!allowed}
                          aria-describedby={allowed ? undefined : reasonId}
                          onClick={() => void choose(car)}
                        >
                          {t('stepTwo.choose')}
                          <span className="visually-hidden"> {car.name}</span>
                        </button>
                      </div>
                    </li>
                  );
                })}
              </ul>
            </div>
            <aside className="booking-aside">
              <TripSummary trip={data.booking} className="card" />
              {/* A hire that ends where it starts (or a tour) has no route to draw. */}
              {data.booking.serviceType === 'transfer' || data.booking.hasDropOff ? <RouteMap trip={data.booking} whenNear /> : null}
              <Link to="/system" className="booking-edit-link">
                {t('actions.editTrip')}
              </Link>
            </aside>
          </div>
        )}
      </div>
    </section>
  );
}
