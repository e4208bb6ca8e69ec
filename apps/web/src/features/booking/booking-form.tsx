import { MAX_STOPS, type CreateBookingBody } from '@vtc/shared/booking/booking-schemas';
import { translateMessage } from '@vtc/shared/i18n/error-messages';
import { MIN_LEAD_MINUTES, toParisDateTimeLocal } from '@vtc/shared/time/paris-time';
import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { Collapsible } from './collapsible';
import { fieldMessage } from '../../components/ui/field-message';
import { useGlobalLoader } from '../../components/ui/global-loader';
import { LocationPicker, type PickedPlace } from '../../components/trip/location-picker';
import { usePickerLabels } from '../../components/trip/use-picker-labels';
import { ApiError } from '../../lib/api-fetch';
import { isSignedIn, useSession } from '../../lib/auth-session';
import { showError } from '../../lib/form-errors';
import { getStoredLanguage } from '../../lib/language';
import { createBooking } from './booking-api';
import { suggestPlaces } from '../../lib/places-api';
import {
  bookingFormResolver,
  EMPTY_BOOKING_FORM,
  firstFormError,
  parseBookingDraft,
  toCreateBookingPayload,
  type BookingFormValues,
  type FirstError,
} from './booking-form-values';
import { CalendarIcon, PersonIcon, PlusIcon, StopsIcon, TrashIcon } from '../../components/trip/trip-icons';
import { clearBookingDraft, readBookingDraft, storeBookingDraft, storeBookingId, storeQuoteToken } from './booking-session';
import { PartyFields } from '../../components/trip/party-fields';
import './booking-funnel.css';
import './booking-form.css';

let stopSequence = 0;
const newStopId = () => `stop-${Date.now().toString(36)}-${(stopSequence += 1)}`;

/** The soonest pickup the form offers: now + 2 h on Paris clocks (the schema decides). */
function earliestPickup(): string {
  return toParisDateTimeLocal(Date.now() + MIN_LEAD_MINUTES * 60_000);
}

/**
 * The booking form of the home page and /system (spec §2, step one). Validated by the shared
 * schema; a visitor is asked to log in and comes back to the form as filled.
 */
export function BookingForm() {
  return (
    <Suspense fallback={<div className="booking-card booking-card-loading" aria-hidden="true" />}>
      <BookingFormContent />
    </Suspense>
  );
}

function BookingFormContent() {
  const { t } = useTranslation('booking');
  const language = getStoredLanguage();
  const session = useSession();
  const navigate = useNavigate();
  const loader = useGlobalLoader();
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);

  // A draft saved before the login detour (read once; removed after mount).
  const [draft] = useState(() => parseBookingDraft(readBookingDraft()));
  const [stopsOpen, setStopsOpen] = useState(draft?.stopsOpen ?? false);
  const [partyOpen, setPartyOpen] = useState(draft?.partyOpen ?? false);
  const [shownError, setShownError] = useState<FirstError | null>(null);

  const form = useForm<BookingFormValues, unknown, CreateBookingBody>({
    resolver: bookingFormResolver,
    defaultValues: draft?.values ?? EMPTY_BOOKING_FORM,
    shouldFocusError: false,
  });
  const { control, handleSubmit, setValue, setFocus, getValues } = form;
  const stops = useWatch({ control, name: 'stop' });
  const passengers = useWatch({ control, name: 'passengers' });
  const packages = useWatch({ control, name: 'packages' });
  const europe = useWatch({ control, name: 'europe' });

  useEffect(() => {
    if (!draft) return;
    clearBookingDraft();
    formRef.current?.scrollIntoView({ block: 'start' });
  }, [draft]);

  const pickerLabels = usePickerLabels();

  const errorText = (error: FirstError | null, field: FirstError['field'], index?: number) =>
    error && error.field === field && error.index === index ? fieldMessage(error) : undefined;

  const fieldLabel = (error: FirstError) => {
    switch (error.field) {
      case 'origin':
        return t('form.origin');
      case 'destination':
        return t('form.destination');
      case 'stop':
        return error.index === undefined ? t('form.stops') : t('form.stopLabel', { number: error.index + 1 });
      case 'date':
        return t('form.date');
      case 'passengers':
      case 'packages':
        return t('form.party');
      default:
        return t('form.title');
    }
  };

  const revealAndFocus = (error: FirstError) => {
    if (error.field === 'stop') setStopsOpen(true);
    if (error.field === 'passengers' || error.field === 'packages') setPartyOpen(true);
    // After the section opens, move focus to the field at fault.
    window.setTimeout(() => {
      try {
        if (error.field === 'stop' && error.index !== undefined) setFocus(`stop.${error.index}`);
        else if (error.field === 'origin' || error.field === 'destination') setFocus(error.field);
        else if (error.field === 'date') setFocus('date');
      } catch {
        // The field has no focusable element (e.g. a closed section): the toast still tells.
      }
    }, 0);
  };

  const showFirstError = (error: FirstError) => {
    const text = t('form.fieldError', { field: fieldLabel(error), message: fieldMessage(error) ?? '' });
    setShownError(error);
    // A new failure replaces the toast still on screen: the toast rules close the others (decision 0101).
    toast.error(text);
    revealAndFocus(error);
  };

  const onInvalid = (errors: FieldErrors<BookingFormValues>) => {
    const first = firstFormError(errors);
    if (first) showFirstError(first);
  };

  const onValid = handleSubmit(async (body) => {
    setShownError(null);
    try {
      // A visitor gets a quote and its token; the account is asked for at step three (decision 0092).
      const response = await loader.run(() => createBooking(toCreateBookingPayload(body)));
      if (response.isBooked && response.bookingId) {
        storeBookingId(response.bookingId);
        storeQuoteToken(response.bookingId, response.quoteToken);
        // "Edit the trip" on the next steps brings the form back as filled.
        storeBookingDraft({ values: getValues(), stopsOpen, partyOpen });
        await navigate('/summary');
      } else {
        toast.warn(response.errorMessage ?? translateMessage('internal_error', language));
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        storeBookingDraft({ values: getValues(), stopsOpen, partyOpen });
      }
      // The API answers one entry per field: show the first, in form order, like the browser does.
      const first =
        error instanceof ApiError && error.errors.length > 0
          ? firstFormError(
              Object.fromEntries(
                error.errors.map((item) => [
                  item.path.replace(/^body\./, '').split('.')[0],
                  { type: 'server', message: item.message },
                ]),
              ) as FieldErrors<BookingFormValues>,
            )
          : null;
      if (first) {
        showFirstError(first);
      } else {
        showError(error);
      }
    }
  }, onInvalid);

  const addStop = () => {
    const current = getValues('stop');
    if (current.length >= MAX_STOPS) return;
    const id = newStopId();
    setValue('stop', [...current, { id, title: '', type: 'address' }], { shouldDirty: true });
    setStopsOpen(true);
    window.setTimeout(() => {
      try {
        setFocus(`stop.${current.length}`);
      } catch {
        // No focusable control yet.
      }
    }, 0);
  };

  const removeStop = (id: string) => {
    setValue(
      'stop',
      getValues('stop').filter((stop) => stop.id !== id),
      { shouldDirty: true },
    );
    setShownError(null);
  };

  const toggleStops = (open: boolean) => {
    setStopsOpen(open);
    if (open && getValues('stop').length === 0) addStop();
  };

  const luggage = packages.under10kg + packages.above10kg + packages.above30kg;
  const partySummary = [
    t('summary.adults', { count: passengers.adults }),
    passengers.children > 0 ? t('summary.children', { count: passengers.children }) : null,
    luggage > 0 ? t('summary.bags', { count: luggage }) : null,
  ]
    .filter(Boolean)
    .join(' · ');

  const placeField = (name: 'origin' | 'destination') => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <LocationPicker
          label={t(`form.${name}`)}
          value={field.value}
          onChange={(value: PickedPlace) => {
            field.onChange(value);
            if (shownError?.field === name) setShownError(null);
          }}
          language={language}
          europe={europe}
          suggest={suggestPlaces}
          labels={pickerLabels}
          error={errorText(shownError, name)}
          inputRef={field.ref}
        />
      )}
    />
  );

  return (
    <form
      ref={formRef}
      id={formId}
      className="booking-card"
      onSubmit={onValid}
      noValidate
      aria-labelledby={`${formId}-title`}
    >
      <div className="booking-card-head">
        <h2 id={`${formId}-title`} className="booking-card-title">
          {t('form.title')}
        </h2>
        <p className="booking-card-lead">{t('form.lead')}</p>
      </div>

      <div className="booking-route">
        {placeField('origin')}

        <Collapsible
          className="booking-stops"
          title={stops.length > 0 ? t('form.stopsCount', { count: stops.length }) : t('form.stops')}
          icon={<StopsIcon />}
          open={stopsOpen}
          onOpenChange={toggleStops}
        >
          <ol className="stop-list">
            {stops.map((stop, index) => (
              <li key={stop.id} className="stop-item">
                <Controller
                  control={control}
                  name={`stop.${index}`}
                  render={({ field }) => (
                    <LocationPicker
                      label={t('form.stopLabel', { number: index + 1 })}
                      value={field.value}
                      onChange={(value) => {
                        field.onChange({ ...value, id: stop.id });
                        if (shownError?.field === 'stop') setShownError(null);
                      }}
                      language={language}
                      europe={europe}
                      suggest={suggestPlaces}
                      labels={pickerLabels}
                      error={errorText(shownError, 'stop', index)}
                      inputRef={field.ref}
                      action={
                        <button
                          type="button"
                          className="icon-button stop-remove"
                          aria-label={t('form.removeStop', { number: index + 1 })}
                          title={t('form.removeStop', { number: index + 1 })}
                          onClick={() => removeStop(stop.id)}
                        >
                          <TrashIcon />
                        </button>
                      }
                    />
                  )}
                />
              </li>
            ))}
          </ol>
          {stops.length < MAX_STOPS ? (
            <button type="button" className="btn btn-soft btn-small" onClick={addStop}>
              <PlusIcon />
              {t('form.addStop')}
            </button>
          ) : (
            <p className="field-hint">{t('form.maxStops', { max: MAX_STOPS })}</p>
          )}
        </Collapsible>

        {placeField('destination')}

        <Controller
          control={control}
          name="europe"
          render={({ field }) => (
            <label className="switch-field">
              <input
                type="checkbox"
                role="switch"
                className="switch-input"
                checked={field.value}
                onChange={(event) => field.onChange(event.target.checked)}
                aria-describedby={`${formId}-europe-hint`}
              />
              <span className="switch-track" aria-hidden="true" />
              <span className="switch-text">
                <span className="switch-label">{t('form.europe')}</span>
                <span id={`${formId}-europe-hint`} className="field-hint">
                  {t('form.europeHint')}
                </span>
              </span>
            </label>
          )}
        />
      </div>

      <Controller
        control={control}
        name="date"
        render={({ field }) => {
          const message = errorText(shownError, 'date');
          return (
            <div className={`field booking-date${message ? ' is-invalid' : ''}`}>
              <label htmlFor={`${formId}-date`} className="field-label">
                {t('form.date')}
              </label>
              <div className="input-with-icon">
                <span className="input-icon">
                  <CalendarIcon />
                </span>
                <input
                  id={`${formId}-date`}
                  ref={field.ref}
                  name={field.name}
                  type="datetime-local"
                  className="field-input"
                  min={earliestPickup()}
                  value={field.value}
                  onChange={(event) => {
                    field.onChange(event.target.value);
                    if (shownError?.field === 'date') setShownError(null);
                  }}
                  onBlur={field.onBlur}
                  aria-invalid={message ? true : undefined}
                  aria-describedby={`${formId}-date-hint${message ? ` ${formId}-date-error` : ''}`}
                />
              </div>
              <p id={`${formId}-date-hint`} className="field-hint">
                {t('form.dateHint')}
              </p>
              {message ? (
                <p id={`${formId}-date-error`} className="field-error">
                  {message}
                </p>
              ) : null}
            </div>
          );
        }}
      />

      <Collapsible
        className="booking-party"
        title={t('form.party')}
        summary={partySummary}
        icon={<PersonIcon />}
        open={partyOpen}
        onOpenChange={setPartyOpen}
      >
        {errorText(shownError, 'passengers') || errorText(shownError, 'packages') ? (
          <p className="field-error">{errorText(shownError, 'passengers') ?? errorText(shownError, 'packages')}</p>
        ) : null}
        <PartyFields
          passengers={passengers}
          packages={packages}
          onPassengersChange={(value) => setValue('passengers', value, { shouldDirty: true })}
          onPackagesChange={(value) => setValue('packages', value, { shouldDirty: true })}
        />
      </Collapsible>

      <button type="submit" className="btn btn-primary btn-large btn-block booking-submit">
        {t('form.submit')}
      </button>
      {!isSignedIn(session) ? <p className="booking-login-note">{t('form.loginNote')}</p> : null}
    </form>
  );
}
