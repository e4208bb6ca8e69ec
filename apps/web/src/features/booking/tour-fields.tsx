import { formatPrice } from '@vtc/shared/pricing/format-euros';
import type { TourItem } from '@vtc/shared/tours/tour-responses';
import { useEffect } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PickedPlace } from '../../components/trip/location-picker';
import { useHireWords } from '../../components/trip/hire-words';
import { SelectField } from '../../components/ui/select-field';
import { Spinner } from '../../components/ui/spinner';
import { usePublicTours } from '../../lib/catalogue-api';
import { SERVER_ERROR_TYPE } from '../../lib/form-errors';
import { getStoredLanguage } from '../../lib/language';
import type { ServiceSectionProps } from './booking-form-section';
import './hire-fields.css';
import { hireMessages } from '@vtc/shared/booking/hire-messages';
import { addMessageCatalogue } from '@vtc/shared/i18n/error-messages';

// The hire's error words come with this part, not with the home page (decision 0143).
addMessageCatalogue(hireMessages);

/** A tour's departure as the form sends it: a place named as the tour names it, with its coordinates. */
function departurePlace(departure: TourItem['departures'][number]): PickedPlace {
  return { title: departure.name, type: 'address', lat: departure.lat, lon: departure.lon };
}

const asError = (message: string | undefined) => (message ? { type: SERVER_ERROR_TYPE, message } : undefined);

/**
 * The "Excursions" part of the booking form (issue 22): the tour (the public list, this season's
 * prices) and its departure place as the pickup. Its own chunk, loaded when the tab is chosen.
 */
export function TourFields({ control, setValue, errorFor, clearError }: ServiceSectionProps) {
  const { t } = useTranslation('booking');
  const words = useHireWords();
  const language = getStoredLanguage();
  const tours = usePublicTours();
  const tourId = useWatch({ control, name: 'tourId' });
  const departure = useWatch({ control, name: 'tourDeparture' });
  const list = tours.data ?? [];
  const tour = list.find((item) => item.id === tourId);
  const gone = tours.isSuccess && tourId !== null && !tour;

  // The departure is one of the tour's own: the first one until the customer picks another.
  useEffect(() => {
    if (!tour) return;
    const first = tour.departures[0];
    if (first && !tour.departures.some((item) => item.name === departure?.title)) setValue('tourDeparture', departurePlace(first));
  }, [tour, departure, setValue]);

  if (tours.isPending) {
    return (
      <div className="booking-route booking-tour">
        <Spinner label={t('form.tour.loading')} />
      </div>
    );
  }
  if (tours.isError || list.length === 0) {
    return (
      <div className="booking-route booking-tour">
        <p className="notice notice-warning" role="status">
          {t('form.tour.none')}
        </p>
        <Link to="/contact">{t('form.tour.contact')}</Link>
      </div>
    );
  }

  return (
    <div className="booking-route booking-tour">
      {gone ? (
        <p className="notice notice-warning" role="status">
          {t('form.tour.gone')}
        </p>
      ) : null}
      <Controller
        control={control}
        name="tourId"
        render={({ field }) => (
          <SelectField
            label={t('form.tour.tour')}
            placeholder={t('form.tour.choose')}
            options={list.map((item) => ({ value: item.id, label: item.name[language] }))}
            error={asError(errorFor('tourId'))}
            name={field.name}
            value={tour ? String(tour.id) : ''}
            onChange={(event) => {
              field.onChange(event.target.value === '' ? null : Number(event.target.value));
              clearError('tourId');
            }}
            onBlur={field.onBlur}
            ref={field.ref}
          />
        )}
      />
      {tour ? (
        <p className="tour-choice-facts">
          <span>
            {t('form.tour.duration', { duration: words.hoursInWords(tour.durationHours) })}
            {tour.prices[0] ? ` · ${t('form.tour.from', { price: formatPrice(tour.prices[0].priceCents, language) })}` : null}
          </span>
          <Link to={`/excursions/${tour.id}`}>{t('form.tour.details')}</Link>
        </p>
      ) : null}
      <Controller
        control={control}
        name="tourDeparture"
        render={({ field }) => (
          <SelectField
            label={t('form.tour.departure')}
            placeholder={tour ? undefined : t('form.tour.departureFirst')}
            options={(tour?.departures ?? []).map((item) => ({ value: item.name, label: item.name }))}
            error={asError(errorFor('origin'))}
            disabled={!tour}
            name={field.name}
            value={tour ? (field.value?.title ?? '') : ''}
            onChange={(event) => {
              const chosen = tour?.departures.find((item) => item.name === event.target.value);
              field.onChange(chosen ? departurePlace(chosen) : null);
              clearError('origin');
            }}
            onBlur={field.onBlur}
            ref={field.ref}
          />
        )}
      />
    </div>
  );
}
