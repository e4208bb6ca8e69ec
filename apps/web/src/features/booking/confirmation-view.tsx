import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { BOOKING_MESSAGE_MAX, hasNameSign } from '@vtc/shared/booking/booking-info-schemas';
import { DEPOSIT_PERCENT } from '@vtc/shared/pricing/price-trip';
import { placeTitle } from '@vtc/shared/places/fixed-places';
import { formatEuros, formatPrice } from '@vtc/shared/pricing/format-euros';
import { lazy, Suspense, useEffect, useId, useMemo } from 'react';
import { Controller, useForm, useWatch, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { fieldMessage } from '../../components/ui/field-message';
import { useGlobalLoader } from '../../components/ui/global-loader';
import { CheckboxField } from '../../components/ui/checkbox-field';
import { PhoneField } from '../../components/ui/phone-field';
import { TextField } from '../../components/ui/text-field';
import { showFormError } from '../../lib/form-errors';
import { getStoredLanguage } from '../../lib/language';
import { MY_BOOKINGS_KEY } from '../../lib/my-booking-api';
import { usePublicConfig } from '../../lib/public-config';
import type { StepThreeResponse } from '@vtc/shared/booking/booking-responses';
import { updateBookingInfo, useStepThree } from './booking-api';
import { BookingFallback } from './booking-fallback';
import { CarPlaceholder, ReturnIcon } from '../../components/trip/trip-icons';
import { clearBookingSession } from './booking-session';
import { BookingSteps } from './booking-steps';
import { BillingSection } from './billing-section';
import {
  confirmationDefaults,
  confirmationSchema,
  toUpdateBookingInfoPayload,
  type ConfirmationInput,
  type ConfirmationOutput,
} from './confirmation-form-values';
import { PaymentTiles } from './payment-tiles';
import { PickupFields } from './pickup-fields';
import { useAccountContact, useQuoteAccount, type AccountPanel, type QuoteAccount } from './quote-account';
import { TripSummary } from './trip-summary';
import { TripTerms } from './trip-terms';
import './booking-funnel.css';
import './confirmation-view.css';

// Only a company member's step three asks for a guest (decision 0141): fetched for them alone.
const GuestSection = lazy(() => import('./guest-section').then((module) => ({ default: module.GuestSection })));

/** Step three (spec §2): pickup details, return trip, customer data, payment choice, confirm. */
export function ConfirmationView({ bookingId, accountPanel }: { bookingId: string; accountPanel?: AccountPanel }) {
  const { t } = useTranslation('booking');
  const { data, isPending, isError } = useStepThree(bookingId);
  const account = useQuoteAccount(bookingId, accountPanel);

  if (isPending) return <BookingFallback />;

  return (
    <section className="booking-page">
      <div className="container">
        <BookingSteps current={3} />
        <header className="booking-page-head">
          <h1 className="page-title">{t('stepThree.title')}</h1>
          <p className="page-lead">{t('stepThree.lead')}</p>
        </header>
        {isError || !data ? (
          <div className="booking-empty card">
            <p>{t('stepThree.loadError')}</p>
            <Link to="/summary" className="btn btn-primary">
              {t('actions.backToCars')}
            </Link>
          </div>
        ) : (
          <>
            <div ref={account.anchorRef}>
              <ConfirmationForm booking={data} account={account} />
            </div>
            {account.panel}
          </>
        )}
      </div>
    </section>
  );
}

function ConfirmationForm({ booking, account }: { booking: StepThreeResponse; account: QuoteAccount }) {
  const { t } = useTranslation('booking');
  const language = getStoredLanguage();
  const navigate = useNavigate();
  const loader = useGlobalLoader();
  const queryClient = useQueryClient();
  const id = useId();
  const schema = useMemo(() => confirmationSchema(booking), [booking]);
  const form = useForm<ConfirmationInput, unknown, ConfirmationOutput>({
    resolver: zodResolver(schema),
    defaultValues: confirmationDefaults(booking),
  });
  const { register, control, handleSubmit, setValue, formState } = form;
  const { errors, isSubmitting } = formState;
  const returnRent = useWatch({ control, name: 'returnRent' }) === true;
  const message = useWatch({ control, name: 'message' }) ?? '';
  const cashChosen = useWatch({ control, name: 'method' }) === 'cash';
  const texts = usePublicConfig().data?.texts;
  useAccountContact(account.contact, form);
  // The name on the chauffeur's sign follows the passenger's until it is typed (decision 0133).
  const fullName = useWatch({ control, name: 'fullName' });
  useEffect(() => {
    if (!form.getFieldState('signName').isDirty) setValue('signName', fullName ?? '');
  }, [fullName, form, setValue]);

  const onSubmit = handleSubmit(async (body) => {
    try {
      await loader.run(() => updateBookingInfo(String(booking.id), toUpdateBookingInfoPayload(body)));
      clearBookingSession();
      // The recap on /success shares "Mes réservations"' query: a copy cached before confirming is outdated.
      queryClient.removeQueries({ queryKey: [...MY_BOOKINGS_KEY, booking.id], exact: true });
      await navigate(`/success?id=${booking.id}`, { replace: true });
    } catch (error) {
      showFormError(error, form.setError);
    }
  }, (invalid) => {
    // Each field shows its own message; the toast repeats the first one, which may be out of view.
    const first = Object.values(invalid).find((error) => typeof error?.message === 'string');
    if (first) toast.error(fieldMessage(first as FieldError) ?? '', { toastId: 'confirmation-error' });
  });

  const transfer = booking.serviceType === 'transfer';
  const total = returnRent ? booking.round_trip_price_cents : booking.price_cents;
  const deposit = returnRent ? booking.round_trip_deposit_cents : booking.deposit_cents;
  const methodError = fieldMessage(errors.method);
  const dateError = fieldMessage(errors.date);

  return (
    <form className="booking-layout" onSubmit={account.needsAccount ? account.reveal : onSubmit} noValidate>
      <div className="booking-main booking-form-sections">
        <section className="card form-section" aria-labelledby={`${id}-pickup`}>
          <h2 id={`${id}-pickup`} className="form-section-title">
            {t(`pickup.title.${booking.rent_from_type}`)}
          </h2>
          <p className="form-section-lead">{placeTitle(booking.origin, language)}</p>
          <PickupFields type={booking.rent_from_type} leg="outbound" register={register} errors={errors} />
          {hasNameSign(booking.rent_from_type) ? (
            <div className="form-grid">
              <TextField
                label={t('pickup.signName')}
                hint={t('pickup.signNameHint')}
                autoComplete="off"
                dir="auto"
                className="form-grid-wide"
                error={errors.signName}
                {...register('signName')}
              />
            </div>
          ) : null}
        </section>

        {/* A hire or a tour is one block of time: no return trip (issue 22). */}
        {transfer ? (
        <section className={`card form-section return-section${returnRent ? ' is-open' : ''}`} aria-labelledby={`${id}-return`}>
          <div className="return-head">
            <span className="return-icon">
              <ReturnIcon />
            </span>
            <div className="return-text">
              <h2 id={`${id}-return`} className="form-section-title">
                {t('return.title')}
              </h2>
              <p className="form-section-lead">
                {t('return.lead', { destination: placeTitle(booking.destination, language), origin: placeTitle(booking.origin, language) })}
              </p>
            </div>
            <button
              type="button"
              role="switch"
              className="switch-button"
              aria-checked={returnRent}
              aria-labelledby={`${id}-return`}
              aria-controls={`${id}-return-panel`}
              onClick={() => setValue('returnRent', !returnRent, { shouldDirty: true })}
            >
              <span className="switch-track" aria-hidden="true" />
            </button>
          </div>
          <div id={`${id}-return-panel`} hidden={!returnRent} className="return-panel">
            <p className="return-price">
              <span>{t('return.roundTripPrice')}</span>
              <strong>{formatPrice(booking.round_trip_price_cents, language)}</strong>
            </p>
            <div className={`field${dateError ? ' is-invalid' : ''}`}>
              <label htmlFor={`${id}-return-date`} className="field-label">
                {t('return.date')}
              </label>
              <input
                id={`${id}-return-date`}
                type="datetime-local"
                className="field-input"
                min={booking.pickup_local}
                aria-invalid={dateError ? true : undefined}
                aria-describedby={`${id}-return-date-hint${dateError ? ` ${id}-return-date-error` : ''}`}
                {...register('date')}
              />
              <p id={`${id}-return-date-hint`} className="field-hint">
                {t('form.dateHint')}
              </p>
              {dateError ? (
                <p id={`${id}-return-date-error`} className="field-error" role="alert">
                  {dateError}
                </p>
              ) : null}
            </div>
            <h3 className="form-subtitle">{t(`pickup.title.${booking.rent_to_type}`)}</h3>
            <p className="form-section-lead">{placeTitle(booking.destination, language)}</p>
            <PickupFields type={booking.rent_to_type} leg="return" register={register} errors={errors} />
          </div>
        </section>
        ) : null}

        <section className="card form-section" aria-labelledby={`${id}-customer`}>
          <h2 id={`${id}-customer`} className="form-section-title">
            {t('customer.title')}
          </h2>
          <div className="form-grid">
            <TextField
              label={t('customer.fullName')}
              autoComplete="name"
              required
              className="form-grid-wide"
              error={errors.fullName}
              {...register('fullName')}
            />
            <TextField
              label={t('customer.email')}
              type="email"
              autoComplete="email"
              required
              className="form-grid-wide"
              error={errors.email}
              {...register('email')}
            />
            <Controller
              control={control}
              name="phone"
              render={({ field }) => (
                <div className="form-grid-wide">
                  <PhoneField
                    label={t('customer.phone')}
                    countryLabel={t('customer.country')}
                    language={language}
                    name={field.name}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={errors.phone}
                    required
                    ref={field.ref}
                  />
                </div>
              )}
            />
            {texts ? (
              // Asked only where texts can go (decision 0131): SMS, or WhatsApp when so configured.
              <CheckboxField
                className="form-grid-wide"
                label={texts === 'whatsapp' ? t('customer.whatsappConsent') : t('customer.smsConsent')}
                hint={t('customer.smsConsentHint')}
                error={errors.smsConsent}
                {...register('smsConsent')}
              />
            ) : null}
            <div className="field form-grid-wide">
              <div className="field-label-row">
                <label htmlFor={`${id}-message`} className="field-label">
                  {t('customer.message')}
                </label>
                <span className="field-counter" aria-hidden="true">
                  {message.length}/{BOOKING_MESSAGE_MAX}
                </span>
              </div>
              <textarea
                id={`${id}-message`}
                className="field-input field-textarea"
                rows={4}
                maxLength={BOOKING_MESSAGE_MAX}
                aria-describedby={`${id}-message-hint`}
                aria-invalid={errors.message ? true : undefined}
                {...register('message')}
              />
              <p id={`${id}-message-hint`} className="field-hint">
                {t('customer.messageHint', { max: BOOKING_MESSAGE_MAX, left: BOOKING_MESSAGE_MAX - message.length })}
              </p>
              {errors.message ? (
                <p className="field-error" role="alert">
                  {fieldMessage(errors.message)}
                </p>
              ) : null}
            </div>
          </div>
        </section>

        <BillingSection booking={booking} form={form} />

        {booking.company ? (
          <Suspense fallback={null}>
            <GuestSection company={booking.company} form={form} language={language} />
          </Suspense>
        ) : null}

        {/* A member's booking is on the company's account (decision 0142): no deposit to choose. */}
        <section className="card form-section" aria-labelledby={`${id}-payment`} hidden={Boolean(booking.company)}>
          <h2 id={`${id}-payment`} className="form-section-title">
            {t('payment.title')}
          </h2>
          <p className="form-section-lead">{t('payment.lead', { percent: DEPOSIT_PERCENT })}</p>
          <Controller
            control={control}
            name="method"
            render={({ field }) => (
              <PaymentTiles
                labelledBy={`${id}-payment`}
                value={field.value}
                onChange={field.onChange}
                invalid={Boolean(methodError)}
                describedBy={methodError ? `${id}-payment-error` : undefined}
                firstRef={field.ref}
                options={[
                  { method: 'cash', title: t('payment.cash'), text: t('payment.cashText') },
                  { method: 'stripe', title: t('payment.card'), text: t('payment.cardText') },
                ]}
              />
            )}
          />
          {cashChosen ? (
            // Cash is paid on board (decision 0117): say so, and that no deposit link will come.
            <p className="field-hint payment-cash-note" role="status">
              {t('payment.cashChosen', { total: formatPrice(total, language) })}
            </p>
          ) : null}
          {methodError ? (
            <p id={`${id}-payment-error`} className="field-error" role="alert">
              {methodError}
            </p>
          ) : null}
        </section>
      </div>

      <aside className="booking-aside">
        <TripSummary trip={booking} className="card">
          <div className="summary-car">
            <div className="summary-car-media">
              {booking.car.img_url ? <img src={booking.car.img_url} alt="" width={96} height={60} /> : <CarPlaceholder />}
            </div>
            <div>
              <p className="summary-car-name">{booking.car.name}</p>
              <p className="summary-car-model">{booking.car.model}</p>
            </div>
          </div>
          <dl className="price-lines">
            <div className="price-line">
              <dt>{!transfer ? t('stepTwo.totalPrice') : returnRent ? t('return.roundTripPrice') : t('stepTwo.oneWay')}</dt>
              <dd className="price-total">{formatPrice(total, language)}</dd>
            </div>
            {booking.company ? null : (
              <div className="price-line price-line-muted">
                <dt>{t('payment.deposit', { percent: DEPOSIT_PERCENT })}</dt>
                <dd>{formatEuros(deposit, language)}</dd>
              </div>
            )}
          </dl>
          {booking.holiday ? (
            <p className="field-hint">{t('stepThree.holiday', { percent: booking.holiday_surcharge_percent })}</p>
          ) : null}
        </TripSummary>
        <TripTerms
          language={language}
          waitingMinutes={booking.waiting_minutes}
          returnWaitingMinutes={returnRent ? booking.return_waiting_minutes : null}
          freeCancellationUntil={booking.free_cancellation_until}
        />
        <p className="booking-aside-note">
          {t('stepThree.termsNote')}{' '}
          <Link to="/cgv" target="_blank" rel="noopener">
            {t('stepThree.termsLink')}
          </Link>
          {' · '}
          <Link to="/confidentialite" target="_blank" rel="noopener">
            {t('stepThree.privacyLink')}
          </Link>
        </p>
        <button type="submit" className="btn btn-primary btn-large btn-block" disabled={isSubmitting}>
          {t('stepThree.confirm')}
        </button>
        <p className="booking-aside-note">{t('stepThree.note')}</p>
        <Link to="/summary" className="booking-edit-link">
          {t('actions.changeCar')}
        </Link>
      </aside>
    </form>
  );
}
