import { MAX_STOPS, type CreateBookingBody } from '@vtc/shared/booking/booking-schemas';
import { DEFAULT_HIRE_LIMITS, type HireLimits, type ServiceType } from '@vtc/shared/booking/service-types';
import { translateMessage } from '@vtc/shared/i18n/error-messages';
import { MIN_LEAD_MINUTES, parseParisDateTimeLocal, toParisDateTimeLocal } from '@vtc/shared/time/paris-time';
import { lazy, memo, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { Collapsible } from './collapsible';
import { Tabs } from '../../components/ui/tabs';
import { fieldMessage } from '../../components/ui/field-message';
import { useGlobalLoader } from '../../components/ui/global-loader';
import { LocationPicker, type PickedPlace } from '../../components/trip/location-picker';
import { formatHireEnd, hireEndFromForm, useHireWords } from '../../components/trip/hire-words';
import { usePickerLabels } from '../../components/trip/use-picker-labels';
import { ApiError } from '../../lib/api-fetch';
import { isSignedIn, useSession } from '../../lib/auth-session';
import { showError } from '../../lib/form-errors';
import { getStoredLanguage } from '../../lib/language';
import { usePublicConfig } from '../../lib/public-config';
import { createBooking } from './booking-api';
import { suggestPlaces } from '../../lib/places-api';
import {
  bookingFormResolver,
  EMPTY_BOOKING_FORM,
  firstFormError,
  isHire,
  parseBookingDraft,
  toCreateBookingPayload,
  type BookingDraft,
  type BookingField,
  type BookingFormValues,
  type FirstError,
} from './booking-form-values';
import type { ServiceSectionProps } from './booking-form-section';
import { searchWithService, serviceFromSearch, type ServiceRequest } from './service-url';
import { CalendarIcon, PersonIcon, PlusIcon, StopsIcon, TrashIcon } from '../../components/trip/trip-icons';
import { clearBookingDraft, readBookingDraft, storeBookingDraft, storeBookingId, storeQuoteToken } from './booking-session';
import { PartyFields } from '../../components/trip/party-fields';
import './booking-funnel.css';
import './booking-form.css';

// Hire and tours are their own chunks, fetched when their tab is chosen (or the address asks for
// them): the transfer form, which most visits use, does not carry them (issue 22).
const loadHireFields = () => import('./hire-fields');
const loadTourFields = () => import('./tour-fields');
const HireFields = lazy(() => loadHireFields().then((module) => ({ default: module.HireFields })));
const TourFields = lazy(() => loadTourFields().then((module) => ({ default: module.TourFields })));

/** The form's tabs: hire by the hour and by the day share one. */
type ServiceTab = 'transfer' | 'hire' | 'tour';
const tabOf = (service: ServiceType): ServiceTab => (isHire(service) ? 'hire' : service === 'tour' ? 'tour' : 'transfer');

/**
 * The values the form opens with: the draft saved before "edit the trip" or a login detour, unless
 * the address asks for another service or tour (an offer page's button), which then wins.
 */
function initialValues(draft: BookingDraft | null, request: ServiceRequest | null): BookingFormValues {
  const base = draft?.values ?? EMPTY_BOOKING_FORM;
  if (!request) return base;
  const sameTour = request.tourId === null || request.tourId === base.tourId;
  if (base.serviceType === request.service && sameTour) return base;
  return {
    ...base,
    serviceType: request.service,
    tourId: request.service === 'tour' ? (request.tourId ?? base.tourId) : base.tourId,
    tourDeparture: sameTour ? base.tourDeparture : null,
  };
}

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

/**
 * The form's values and checks. React Hook Form keeps its `formState` here and sets it several
 * times as the form mounts (ready, then valid and watched): only this component renders again then,
 * not the fields, which do not read it (docs/decisions/0166).
 */
function BookingFormContent() {
  const { search } = useLocation();
  // A draft saved before the login detour (read once; removed after mount).
  const [draft] = useState(() => parseBookingDraft(readBookingDraft()));
  const [defaults] = useState(() => initialValues(draft, serviceFromSearch(new URLSearchParams(search))));
  // Hire limits as the API applies them (configuration); the defaults until the config is here.
  const limits = usePublicConfig().data?.hire ?? DEFAULT_HIRE_LIMITS;
  const resolver = useMemo(() => bookingFormResolver(limits), [limits]);

  const form = useForm<BookingFormValues, unknown, CreateBookingBody>({
    resolver,
    defaultValues: defaults,
    shouldFocusError: false,
  });
  return <BookingFormFields form={form} draft={draft} defaults={defaults} limits={limits} />;
}

interface BookingFormFieldsProps {
  /** The same object at every render of BookingFormContent (React Hook Form's control). */
  form: UseFormReturn<BookingFormValues, unknown, CreateBookingBody>;
  draft: BookingDraft | null;
  defaults: BookingFormValues;
  limits: HireLimits;
}

const BookingFormFields = memo(function BookingFormFields({ form, draft, defaults, limits }: BookingFormFieldsProps) {
  const { t } = useTranslation('booking');
  const language = getStoredLanguage();
  const session = useSession();
  const navigate = useNavigate();
  const loader = useGlobalLoader();
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);

  const { pathname, search: searchText } = useLocation();
  const search = useMemo(() => new URLSearchParams(searchText), [searchText]);
  const [stopsOpen, setStopsOpen] = useState(draft?.stopsOpen ?? false);
  const [partyOpen, setPartyOpen] = useState(draft?.partyOpen ?? false);
  const [programmeOpen, setProgrammeOpen] = useState(defaults.programme.trim() !== '');
  const [shownError, setShownError] = useState<FirstError | null>(null);

  const { control, handleSubmit, setValue, setFocus, getValues } = form;
  const stops = useWatch({ control, name: 'stop' });
  const passengers = useWatch({ control, name: 'passengers' });
  const packages = useWatch({ control, name: 'packages' });
  const europe = useWatch({ control, name: 'europe' });
  const serviceType = useWatch({ control, name: 'serviceType' });
  const tourId = useWatch({ control, name: 'tourId' });
  const hours = useWatch({ control, name: 'hours' });
  const days = useWatch({ control, name: 'days' });
  const date = useWatch({ control, name: 'date' });
  const words = useHireWords();
  // The hire mode last chosen, for the hire tab chosen again after another.
  const lastHireMode = useRef<'hourly' | 'daily'>(isHire(defaults.serviceType) ? defaults.serviceType : 'hourly');

  // The address keeps the service (and the tour): a reload, a shared link or "back" opens the same form.
  useEffect(() => {
    const next = searchWithService(search, serviceType, tourId);
    // Only while this page is the one shown: a link followed meanwhile is not undone.
    if (next.toString() === search.toString() || window.location.pathname !== pathname) return;
    void navigate({ pathname, search: next.toString() }, { replace: true, preventScrollReset: true, state: { keepScroll: true } });
  }, [search, pathname, navigate, serviceType, tourId]);

  useEffect(() => {
    if (!draft) return;
    clearBookingDraft();
    formRef.current?.scrollIntoView({ block: 'start' });
  }, [draft]);

  const pickerLabels = usePickerLabels();

  const errorText = (error: FirstError | null, field: FirstError['field'], index?: number) =>
    error && error.field === field && error.index === index ? fieldMessage(error) : undefined;

  const chooseService = (service: ServiceType) => {
    if (isHire(service)) lastHireMode.current = service;
    setValue('serviceType', service, { shouldDirty: true });
    setShownError(null);
  };
  const chooseTab = (tab: ServiceTab) => chooseService(tab === 'hire' ? lastHireMode.current : tab);
  const prefetchTab = (tab: ServiceTab) => {
    if (tab === 'hire') void loadHireFields();
    if (tab === 'tour') void loadTourFields();
  };

  const fieldLabel = (error: FirstError) => {
    const service = getValues('serviceType');
    switch (error.field) {
      case 'origin':
        return service === 'tour' ? t('form.tour.departure') : isHire(service) ? t('form.hire.pickup') : t('form.origin');
      case 'destination':
        return isHire(service) ? t('form.hire.dropOffPlace') : t('form.destination');
      case 'hours':
        return t('form.hire.hours');
      case 'days':
        return t('form.hire.days');
      case 'programme':
        return t('form.hire.programme');
      case 'tourId':
        return t('form.tour.tour');
      case 'serviceType':
        return t('form.services.label');
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
    const service = getValues('serviceType');
    if (error.field === 'stop') setStopsOpen(true);
    if (error.field === 'passengers' || error.field === 'packages') setPartyOpen(true);
    if (error.field === 'destination' && isHire(service)) setValue('dropOff', true);
    if (error.field === 'programme') setProgrammeOpen(true);
    // After the section opens, move focus to the field at fault.
    window.setTimeout(() => {
      try {
        if (error.field === 'stop' && error.index !== undefined) setFocus(`stop.${error.index}`);
        else if (error.field === 'origin' && service === 'tour') setFocus('tourDeparture');
        else if (error.field === 'origin' || error.field === 'destination') setFocus(error.field);
        else if (error.field === 'date' || error.field === 'hours' || error.field === 'days' || error.field === 'programme' || error.field === 'tourId') {
          setFocus(error.field);
        }
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
    const first = firstFormError(errors, getValues('serviceType'));
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
              getValues('serviceType'),
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

  const placeField = (name: 'origin' | 'destination', label: string = t(`form.${name}`)) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <LocationPicker
          label={label}
          value={field.value}
          onChange={(value: PickedPlace) => {
            field.onChange(value);
            if (shownError?.field === name) setShownError(null);
          }}
          language={language}
          europe={europe && serviceType === 'transfer'}
          suggest={suggestPlaces}
          labels={pickerLabels}
          error={errorText(shownError, name)}
          inputRef={field.ref}
        />
      )}
    />
  );

  const sectionProps: ServiceSectionProps = {
    control,
    setValue,
    errorFor: (field: BookingField) => errorText(shownError, field),
    clearError: (field: BookingField) => {
      if (shownError?.field === field) setShownError(null);
    },
    placeField,
    limits,
    programmeOpen,
    onProgrammeOpenChange: setProgrammeOpen,
  };
  const tab = tabOf(serviceType);
  // A hire's end follows its pickup and length: said under the date as soon as both are known.
  const hireEnd = isHire(serviceType) ? hireEndFromForm(date, serviceType, hours, days) : null;
  const pickupAt = hireEnd ? parseParisDateTimeLocal(date) : null;
  const sectionLoading = <div className="booking-route booking-route-loading" aria-hidden="true" />;

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

      <Tabs
        label={t('form.services.label')}
        tabs={[
          { id: 'transfer', label: t('form.services.transfer') },
          { id: 'hire', label: t('form.services.hire') },
          { id: 'tour', label: t('form.services.tour') },
        ]}
        selected={tab}
        onSelect={chooseTab}
        onPrefetch={prefetchTab}
      >
      {tab === 'hire' ? (
        <Suspense fallback={sectionLoading}>
          <HireFields {...sectionProps} />
        </Suspense>
      ) : tab === 'tour' ? (
        <Suspense fallback={sectionLoading}>
          <TourFields {...sectionProps} />
        </Suspense>
      ) : (
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
      )}
      </Tabs>

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
              {hireEnd && pickupAt && isHire(serviceType) ? (
                <p className="hire-end" aria-live="polite">
                  {t('form.hire.endsAt', {
                    duration: words.hireLength(serviceType, hours, days),
                    end: formatHireEnd(hireEnd, pickupAt, language),
                  })}
                </p>
              ) : null}
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
});
