import { formatNumber } from '@vtc/shared/i18n/format-number';
import type { UserPage } from '@vtc/shared/auth/auth-responses';
import { isNoEmailAddress } from '@vtc/shared/auth/no-email-address';
import type { CarOffer } from '@vtc/shared/booking/booking-responses';
import { PAYMENT_METHODS, type PaymentMethod } from '@vtc/shared/booking/booking-schemas';
import { LANGUAGES, type Language } from '@vtc/shared/i18n/languages';
import { makePhoneBookingBody, makePhoneTripBody, type PhoneBookingCompany, type PhoneBookingInput, type PhoneTripInput } from '@vtc/shared/booking/phone-booking-schemas';
import { translateMessage } from '@vtc/shared/i18n/error-messages';
import { offerReasonText } from '@vtc/shared/pricing/offer-reason-words';
import { parseEuros } from '@vtc/shared/pricing/euros-to-cents';
import { formatEuros } from '@vtc/shared/pricing/format-euros';
import { useId, useState, type FormEvent } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { LocationPicker, type PickedPlace } from '../../../components/trip/location-picker';
import { PartyFields, type Packages, type Passengers } from '../../../components/trip/party-fields';
import { StopPickers } from '../../../components/trip/stop-pickers';
import { usePickerLabels } from '../../../components/trip/use-picker-labels';
import { PhoneField } from '../../../components/ui/phone-field';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-fetch';
import { SERVER_ERROR_TYPE, showError } from '../../../lib/form-errors';
import { getStoredLanguage } from '../../../lib/language';
import { CARRIED } from '../../../lib/toast-rules';
import { suggestPlaces } from '../../../lib/places-api';
import { addPhoneBooking, priceTrip, useCustomerSearch } from './new-booking-api';
import './new-booking-page.css';

type Customer = UserPage['data'][number];
type Stop = PickedPlace & { id: string };
type Errors = Record<string, FieldError>;

interface TripState {
  origin: PickedPlace;
  destination: PickedPlace;
  stops: Stop[];
  date: string;
  passengers: Passengers;
  packages: Packages;
  returnRent: boolean;
  returnDate: string;
  flightNumber: string;
  trainNumber: string;
  returnFlightNumber: string;
  returnTrainNumber: string;
  message: string;
}

const EMPTY_TRIP: TripState = {
  origin: { title: '', type: 'address' },
  destination: { title: '', type: 'address' },
  stops: [],
  date: '',
  passengers: { adults: 1, children: 0, childrenSeat: 0 },
  packages: { under10kg: 0, above10kg: 0, above30kg: 0 },
  returnRent: false,
  returnDate: '',
  flightNumber: '',
  trainNumber: '',
  returnFlightNumber: '',
  returnTrainNumber: '',
  message: '',
};

const placeInput = ({ title, type, placeId, lat, lon }: PickedPlace) => ({ title, type, placeId, lat, lon });

/** The trip as the API reads it: step one's body plus the return. */
function tripInput(trip: TripState): PhoneTripInput {
  return {
    origin: placeInput(trip.origin),
    destination: placeInput(trip.destination),
    stop: trip.stops.map((stop) => ({ ...placeInput(stop), id: stop.id })),
    rentFromType: trip.origin.type,
    rentToType: trip.destination.type,
    date: trip.date,
    passengers: trip.passengers,
    packages: trip.packages,
    returnRent: trip.returnRent,
    returnDate: trip.returnDate,
  };
}

/** Zod issues as the fields' errors: message keys, translated where shown. */
function issuesToErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= { type: 'validate', message: issue.message };
  }
  return errors;
}

function serverErrors(error: unknown): Errors {
  const errors: Errors = {};
  if (error instanceof ApiError) for (const item of error.errors) errors[item.path] ??= { type: SERVER_ERROR_TYPE, message: item.message };
  return errors;
}

/**
 * "Nouvelle réservation": a booking taken by phone (decision 0119). The customer is found by the
 * back office search or created; the trip is the site's form; the server prices every car; the
 * company may set the price by hand with a reason; the booking is accepted at once.
 */
export function NewBookingPage() {
  const { t } = useTranslation('admin');
  const language = getStoredLanguage();
  const navigate = useNavigate();
  const pickerLabels = usePickerLabels();
  const formId = useId();
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  const found = useCustomerSearch(search);
  const [customer, setCustomer] = useState<Customer | null>(null);
  const [newCustomer, setNewCustomer] = useState({ fullName: '', phone: '', email: '' });
  const [trip, setTrip] = useState<TripState>(EMPTY_TRIP);
  const [offers, setOffers] = useState<CarOffer[] | null>(null);
  /** The company the chosen customer books for, as the prices came (decision 0155). */
  const [company, setCompany] = useState<PhoneBookingCompany | null>(null);
  const [reference, setReference] = useState('');
  const [carId, setCarId] = useState<number | null>(null);
  const [manual, setManual] = useState({ on: false, euros: '', reason: '' });
  const [method, setMethod] = useState<PaymentMethod>('stripe');
  /** The customer's language for mails and documents; '' keeps an account's own language. */
  const [customerLanguage, setCustomerLanguage] = useState<Language | ''>('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  /** A field's error, or the first of its parts (`stop.0.title` belongs to the stop `stop.0`). */
  const errorOf = (path: string): FieldError | undefined =>
    errors[path] ?? Object.entries(errors).find(([key]) => key.startsWith(`${path}.`))?.[1];
  const message = (path: string) => {
    const error = errorOf(path);
    if (!error) return undefined;
    return error.type === SERVER_ERROR_TYPE ? error.message : translateMessage(error.message ?? '', language);
  };
  /** Any change of the trip makes the prices shown stale. */
  const changeTrip = (patch: Partial<TripState>) => {
    setTrip((current) => ({ ...current, ...patch }));
    setOffers(null);
    setCarId(null);
  };
  /** So does another customer: a company member's prices are the company's. */
  const chooseCustomer = (chosen: Customer | null) => {
    setCustomer(chosen);
    setOffers(null);
    setCarId(null);
    setCompany(null);
  };
  const money = (cents: number) => formatEuros(cents, language);

  const showPrices = async () => {
    const input = { ...tripInput(trip), userId: customer?.id };
    const parsed = makePhoneTripBody().safeParse(input);
    if (!parsed.success) {
      setErrors(issuesToErrors(parsed.error.issues));
      return;
    }
    setBusy(true);
    try {
      setErrors({});
      const { cars, company: booksFor } = await priceTrip(input);
      setOffers(cars);
      setCompany(booksFor);
      setCarId(cars.find((car) => car.allowed)?.id ?? null);
    } catch (error) {
      setErrors(serverErrors(error));
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const manualCents = manual.on ? parseEuros(manual.euros) : null;
    const body: PhoneBookingInput = {
      ...tripInput(trip),
      ...(customer ? { userId: customer.id } : newCustomer),
      carId: carId ?? '',
      method,
      reference: company ? reference : undefined,
      // A new customer reads the language chosen, else the one the company speaks on this screen.
      language: customerLanguage || (customer ? undefined : language),
      priceCents: manual.on ? (manualCents === null ? manual.euros : Math.round(manualCents * 100)) : undefined,
      priceReason: manual.on ? manual.reason : undefined,
      flightNumber: trip.flightNumber,
      trainNumber: trip.trainNumber,
      returnFlightNumber: trip.returnRent ? trip.returnFlightNumber : undefined,
      returnTrainNumber: trip.returnRent ? trip.returnTrainNumber : undefined,
      message: trip.message,
    };
    const parsed = makePhoneBookingBody().safeParse(body);
    if (!parsed.success) {
      setErrors(issuesToErrors(parsed.error.issues));
      toast.error(t('newBooking.fixErrors'));
      return;
    }
    setBusy(true);
    try {
      const answer = await addPhoneBooking(body);
      // Read on the bookings list it is about to open (decision 0101).
      toast.success(answer.message, CARRIED);
      void navigate(`/bookings?q=${encodeURIComponent(`#${answer.bookingId}`)}`);
    } catch (error) {
      setErrors(serverErrors(error));
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  const place = (name: 'origin' | 'destination') => (
    <LocationPicker
      label={t(`newBooking.${name}`)}
      value={trip[name]}
      onChange={(value) => changeTrip({ [name]: value })}
      language={language}
      europe={false}
      suggest={suggestPlaces}
      labels={pickerLabels}
      error={message(name)}
    />
  );

  return (
    <div className="admin-page new-booking">
      <h1 className="admin-title">{t('newBooking.title')}</h1>
      <p className="admin-lead">{t('newBooking.lead')}</p>

      <form id={formId} className="new-booking-form" onSubmit={(event) => void submit(event)} noValidate>
        <section className="card new-booking-section" aria-labelledby={`${formId}-customer`}>
          <h2 id={`${formId}-customer`} className="card-title">{t('newBooking.customer')}</h2>
          {customer ? (
            <div className="new-booking-chosen">
              <p>
                <strong>{customer.full_name}</strong> · <span dir="ltr">{customer.phone}</span>
                {isNoEmailAddress(customer.email) ? null : <> · {customer.email}</>}
              </p>
              <button type="button" className="btn btn-soft btn-small" onClick={() => chooseCustomer(null)}>
                {t('newBooking.changeCustomer')}
              </button>
            </div>
          ) : (
            <>
              <div className="new-booking-search">
                <TextField
                  type="search"
                  label={t('newBooking.searchCustomer')}
                  hint={t('newBooking.searchHint')}
                  value={query}
                  onChange={(event) => setQuery(event.target.value)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') {
                      event.preventDefault();
                      setSearch(query);
                    }
                  }}
                  error={errorOf('userId')}
                />
                <button type="button" className="btn btn-soft" onClick={() => setSearch(query)}>
                  {t('actions.search')}
                </button>
              </div>
              {search.trim().length >= 2 && found.data ? (
                found.data.length === 0 ? (
                  <p className="field-hint">{t('newBooking.noCustomer')}</p>
                ) : (
                  <ul className="new-booking-results">
                    {found.data.map((user) => (
                      <li key={user.id}>
                        <span>
                          <strong>{user.full_name}</strong> · <span dir="ltr">{user.phone}</span>
                          {isNoEmailAddress(user.email) ? null : <> · {user.email}</>}
                        </span>
                        <button type="button" className="btn btn-soft btn-small" onClick={() => chooseCustomer(user)}>
                          {t('newBooking.choose')}
                        </button>
                      </li>
                    ))}
                  </ul>
                )
              ) : null}
              <fieldset className="new-booking-new-customer">
                <legend>{t('newBooking.newCustomer')}</legend>
                <TextField
                  label={t('newBooking.fullName')}
                  autoComplete="off"
                  value={newCustomer.fullName}
                  onChange={(event) => setNewCustomer({ ...newCustomer, fullName: event.target.value })}
                  error={errorOf('fullName')}
                />
                <PhoneField
                  label={t('newBooking.phone')}
                  countryLabel={t('newBooking.country')}
                  language={language}
                  name="phone"
                  value={newCustomer.phone}
                  onChange={(phone) => setNewCustomer({ ...newCustomer, phone })}
                  error={errorOf('phone')}
                />
                <TextField
                  type="email"
                  label={t('newBooking.email')}
                  hint={t('newBooking.emailHint')}
                  autoComplete="off"
                  value={newCustomer.email}
                  onChange={(event) => setNewCustomer({ ...newCustomer, email: event.target.value })}
                  error={errorOf('email')}
                />
              </fieldset>
            </>
          )}
          <SelectField
            label={t('newBooking.language')}
            value={customerLanguage}
            onChange={(event) => setCustomerLanguage(event.target.value as Language | '')}
            options={[
              ...(customer ? [{ value: '', label: t('newBooking.accountLanguage') }] : [{ value: '', label: t(`pages.drivers.languageNames.${language}`) }]),
              ...LANGUAGES.filter((value) => customer || value !== language).map((value) => ({ value, label: t(`pages.drivers.languageNames.${value}`) })),
            ]}
            error={errorOf('language')}
          />
        </section>

        <section className="card new-booking-section" aria-labelledby={`${formId}-trip`}>
          <h2 id={`${formId}-trip`} className="card-title">{t('newBooking.trip')}</h2>
          {place('origin')}
          <StopPickers stops={trip.stops} onChange={(stops) => changeTrip({ stops })} language={language} errorOf={(index) => message(`stop.${index}`)} />
          {place('destination')}
          <TextField
            type="datetime-local"
            label={t('newBooking.date')}
            value={trip.date}
            onChange={(event) => changeTrip({ date: event.target.value })}
            error={errorOf('date')}
          />
          <PartyFields
            passengers={trip.passengers}
            packages={trip.packages}
            onPassengersChange={(passengers) => changeTrip({ passengers })}
            onPackagesChange={(packages) => changeTrip({ packages })}
          />
          <div className="new-booking-grid">
            {trip.origin.type === 'airport' ? (
              <TextField label={t('newBooking.flightNumber')} value={trip.flightNumber} onChange={(event) => setTrip({ ...trip, flightNumber: event.target.value })} error={errorOf('flightNumber')} />
            ) : null}
            {trip.origin.type === 'station' ? (
              <TextField label={t('newBooking.trainNumber')} value={trip.trainNumber} onChange={(event) => setTrip({ ...trip, trainNumber: event.target.value })} error={errorOf('trainNumber')} />
            ) : null}
          </div>
          <label className="new-booking-check">
            <input type="checkbox" checked={trip.returnRent} onChange={(event) => changeTrip({ returnRent: event.target.checked })} />
            {t('newBooking.returnRent')}
          </label>
          {trip.returnRent ? (
            <div className="new-booking-grid">
              <TextField
                type="datetime-local"
                label={t('newBooking.returnDate')}
                value={trip.returnDate}
                onChange={(event) => changeTrip({ returnDate: event.target.value })}
                error={errorOf('returnDate')}
              />
              {trip.destination.type === 'airport' ? (
                <TextField
                  label={t('newBooking.returnFlightNumber')}
                  value={trip.returnFlightNumber}
                  onChange={(event) => setTrip({ ...trip, returnFlightNumber: event.target.value })}
                  error={errorOf('returnFlightNumber')}
                />
              ) : null}
              {trip.destination.type === 'station' ? (
                <TextField
                  label={t('newBooking.returnTrainNumber')}
                  value={trip.returnTrainNumber}
                  onChange={(event) => setTrip({ ...trip, returnTrainNumber: event.target.value })}
                  error={errorOf('returnTrainNumber')}
                />
              ) : null}
            </div>
          ) : null}
          <TextField label={t('newBooking.message')} value={trip.message} onChange={(event) => setTrip({ ...trip, message: event.target.value })} error={errorOf('message')} />
        </section>

        <section className="card new-booking-section" aria-labelledby={`${formId}-car`}>
          <h2 id={`${formId}-car`} className="card-title">{t('newBooking.carAndPrice')}</h2>
          <button type="button" className="btn btn-soft" disabled={busy} onClick={() => void showPrices()}>
            {t('newBooking.showPrices')}
          </button>
          {offers ? (
            <fieldset className="new-booking-cars">
              <legend>{t('newBooking.car')}</legend>
              {offers.map((offer) => (
                <label key={offer.id} className={`new-booking-car${offer.allowed ? '' : ' is-disabled'}`}>
                  <input type="radio" name="carId" value={offer.id} disabled={!offer.allowed} checked={carId === offer.id} onChange={() => setCarId(offer.id)} />
                  <span className="new-booking-car-name">{offer.name}</span>
                  <span className="new-booking-car-price">
                    {offer.allowed && offer.price_cents !== undefined
                      ? money(offer.price_cents)
                      : offerReasonText(offer.reason ?? 'car_not_allowed', language)}
                  </span>
                </label>
              ))}
            </fieldset>
          ) : null}
          {message('carId') ? <p className="field-error">{message('carId')}</p> : null}
          {company ? (
            // A company member's trip is the company's (decision 0155): its discount is off the prices, no deposit.
            <div className="new-booking-company">
              <p role="status">
                {company.discountBasisPoints > 0
                  ? t('newBooking.companyAccountDiscount', {
                      company: company.legalName,
                      percent: formatNumber(company.discountBasisPoints / 100, language),
                    })
                  : t('newBooking.companyAccount', { company: company.legalName })}
              </p>
              <TextField
                label={t('newBooking.reference')}
                hint={company.purchaseOrderRequired ? t('newBooking.referenceRequired') : undefined}
                required={company.purchaseOrderRequired}
                value={reference}
                onChange={(event) => setReference(event.target.value)}
                error={errorOf('reference')}
              />
            </div>
          ) : null}
          <label className="new-booking-check">
            <input type="checkbox" checked={manual.on} onChange={(event) => setManual({ ...manual, on: event.target.checked })} />
            {t('newBooking.manualPrice')}
          </label>
          {manual.on ? (
            <div className="new-booking-grid">
              <TextField
                label={t('newBooking.priceEuros')}
                inputMode="decimal"
                value={manual.euros}
                onChange={(event) => setManual({ ...manual, euros: event.target.value })}
                error={errorOf('priceCents')}
              />
              <TextField
                label={t('newBooking.priceReason')}
                value={manual.reason}
                onChange={(event) => setManual({ ...manual, reason: event.target.value })}
                error={errorOf('priceReason')}
              />
            </div>
          ) : null}
        </section>

        <section className="card new-booking-section" aria-labelledby={`${formId}-payment`} hidden={Boolean(company)}>
          <h2 id={`${formId}-payment`} className="card-title">{t('newBooking.payment')}</h2>
          <div className="new-booking-methods" role="radiogroup" aria-labelledby={`${formId}-payment`}>
            {PAYMENT_METHODS.map((value) => (
              <label key={value} className="new-booking-check">
                <input type="radio" name="method" value={value} checked={method === value} onChange={() => setMethod(value)} />
                {t(`newBooking.methods.${value}`)}
              </label>
            ))}
          </div>
        </section>

        <div className="new-booking-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t('newBooking.submit')}
          </button>
        </div>
      </form>
    </div>
  );
}
