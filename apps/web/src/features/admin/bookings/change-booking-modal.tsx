import { useQueryClient } from '@tanstack/react-query';
import type { BookingDetails } from '@vtc/shared/booking/booking-responses';
import type { ChangeBookingInput } from '@vtc/shared/booking/booking-change-schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { changedCounts, countField, countsOf, PartyCountFields, type PartyCounts } from '../../../components/booking/party-count-fields';
import { isRoutePath, RouteFields, routeChanges, useRouteState, type Route } from '../../../components/trip/route-fields';
import { Modal } from '../../../components/ui/modal';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { showFormError } from '../../../lib/form-errors';
import { getStoredLanguage } from '../../../lib/language';
import { BOOKINGS_KEY, useAssignChoices } from './bookings-api';
import { changeBooking } from './changes-api';
import './change-booking-modal.css';

/** The form's values: what the booking holds now, as the fields show it. */
type ChangeForm = PartyCounts & {
  date: string;
  returnRent: boolean;
  returnDate: string;
  returnFlightNumber: string;
  returnTrainNumber: string;
  flightNumber: string;
  trainNumber: string;
  address: string;
  city: string;
  carId: string;
  message: string;
  price: string;
  priceReason: string;
  reason: string;
};

function valuesOf(b: BookingDetails): ChangeForm {
  return {
    date: b.pickup_local,
    ...countsOf(b),
    returnRent: b.return_rent,
    returnDate: b.info.date ?? '',
    returnFlightNumber: b.info.returnFlightNumber ?? '',
    returnTrainNumber: b.info.returnTrainNumber ?? '',
    flightNumber: b.info.flightNumber ?? '',
    trainNumber: b.info.trainNumber ?? '',
    address: b.info.address ?? '',
    city: b.info.city ?? '',
    carId: b.car ? String(b.car.id) : '',
    message: b.info.message ?? '',
    price: '',
    priceReason: '',
    reason: '',
  };
}

/** Only what the company changed goes to the API, so the mails say exactly that. */
function changedBody(wasRoute: Route, route: Route, was: ChangeForm, now: ChangeForm): ChangeInput {
  const body: ChangeInput = { ...changedCounts(was, now), ...routeChanges(wasRoute, route) };
  const moved = (keys: (keyof ChangeForm)[]) => keys.some((key) => was[key] !== now[key]);
  if (moved(['date'])) body.date = now.date;
  if (moved(['returnRent'])) body.returnRent = now.returnRent;
  if (now.returnRent && moved(['returnRent', 'returnDate'])) body.returnDate = now.returnDate;
  if (now.returnRent) for (const key of ['returnFlightNumber', 'returnTrainNumber'] as const) if (moved([key])) body[key] = now[key];
  for (const key of ['flightNumber', 'trainNumber', 'address', 'city', 'message'] as const) if (moved([key])) body[key] = now[key];
  if (moved(['carId'])) body.carId = now.carId;
  if (now.price.trim() !== '') {
    body.priceCents = String(Math.round(Number(now.price.replace(',', '.')) * 100));
    body.priceReason = now.priceReason;
  }
  if (now.reason.trim() !== '') body.reason = now.reason;
  return body;
}

/** The form field of an API error's path: `passengers.adults` is `adults`, `priceCents` the manual price. */
function formField(path: string): keyof ChangeForm {
  return (path === 'priceCents' ? 'price' : countField(path)) as keyof ChangeForm;
}

type ChangeInput = Omit<ChangeBookingInput, 'passengers' | 'packages' | 'carId' | 'priceCents'> & {
  passengers?: Record<string, string>;
  packages?: Record<string, string>;
  carId?: string;
  priceCents?: string;
};

interface ChangeBookingModalProps {
  booking: BookingDetails;
  open: boolean;
  onClose: () => void;
  /** The link a change mailed to ask for a new deposit or a paid booking's difference (decision 0152). */
  onPayLink?: (url: string) => void;
}

/**
 * The drawer's "Modifier" (decision 0120): every part of the trip, re-priced by the server unless
 * a manual price is given with its reason. The API's refusals (car or chauffeur busy, lead time)
 * show on their field or as a toast; the customer and the chauffeur are mailed what changed.
 * Once the outbound is picked up, only a round trip's return, the notes and the price stay open
 * (decision 0171): the other fields are shown but disabled.
 */
export function ChangeBookingModal({ booking, open, onClose, onPayLink }: ChangeBookingModalProps) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const defaults = valuesOf(booking);
  const form = useForm<ChangeForm>({ defaultValues: defaults });
  const { register, handleSubmit, setError, watch, formState } = form;
  const { cars } = useAssignChoices(open);
  const error = (name: keyof ChangeForm) => formState.errors[name];
  const language = getStoredLanguage();
  // Only a round trip keeps something to change once its outbound is picked up (decision 0171); a
  // one-way trip past its pickup is refused whole by the API, as before.
  const [started] = useState(() => booking.return_rent && Date.parse(booking.pickup_at) <= Date.now());
  const { wasRoute, route, changeRoute, placeError, setPlaceErrors } = useRouteState(booking);

  const submit = handleSubmit(async (values) => {
    try {
      const answer = await changeBooking(booking.id, changedBody(wasRoute, route, defaults, values) as ChangeBookingInput);
      toast.success(answer.message);
      if (answer.data.checkout_url) onPayLink?.(answer.data.checkout_url);
      void queryClient.invalidateQueries({ queryKey: BOOKINGS_KEY });
      onClose();
    } catch (caught) {
      const places: Record<string, string> = {};
      showFormError(caught, (path, message) => {
        if (isRoutePath(path)) places[path] = message.message ?? '';
        else setError(formField(path), message);
      });
      setPlaceErrors(places);
    }
  });

  return (
    <Modal open={open} title={t('bookingChanges.title', { id: booking.id })} onClose={onClose} className="change-booking-modal">
      <form className="form change-booking-form" onSubmit={(event) => void submit(event)} noValidate>
        <p className="form-note">{t('bookingChanges.form.note')}</p>
        {started ? (
          <p className="form-note change-booking-started" role="note">
            {t('bookingChanges.form.returnOnly')}
          </p>
        ) : null}
        <fieldset className="change-booking-group" disabled={started}>
          <legend>{t('bookingChanges.form.trip')}</legend>
          <div className="form-row">
            <TextField label={t('bookingChanges.form.date')} type="datetime-local" error={error('date')} {...register('date')} data-autofocus />
            <SelectField
              label={t('bookingChanges.form.car')}
              error={error('carId')}
              options={(cars.data ?? []).map((car) => ({ value: String(car.id), label: `${car.name} (${car.number})` }))}
              {...register('carId')}
            />
          </div>
          <RouteFields route={route} onChange={changeRoute} language={language} errorOf={placeError} addButtonClassName="change-booking-add-stop" />
        </fieldset>
        <fieldset className="change-booking-group" disabled={started}>
          <legend>{t('bookingChanges.form.party')}</legend>
          <PartyCountFields register={register} errors={formState.errors} />
        </fieldset>
        <fieldset className="change-booking-group">
          <legend>{t('bookingChanges.form.details')}</legend>
          <label className="change-booking-check">
            <input type="checkbox" disabled={started} {...register('returnRent')} />
            <span>{t('bookingChanges.form.returnRent')}</span>
          </label>
          {watch('returnRent') ? (
            <div className="form-row">
              <TextField label={t('bookingChanges.form.returnDate')} type="datetime-local" error={error('returnDate')} {...register('returnDate')} />
              {/* The return starts where the outbound ends: at an airport its flight, at a station its train. */}
              {booking.rent_to_type === 'airport' ? (
                <TextField label={t('bookingChanges.form.returnFlightNumber')} dir="ltr" error={error('returnFlightNumber')} {...register('returnFlightNumber')} />
              ) : null}
              {booking.rent_to_type === 'station' ? (
                <TextField label={t('bookingChanges.form.returnTrainNumber')} dir="ltr" error={error('returnTrainNumber')} {...register('returnTrainNumber')} />
              ) : null}
            </div>
          ) : null}
          <div className="form-row">
            <TextField label={t('bookingChanges.form.flightNumber')} dir="ltr" disabled={started} error={error('flightNumber')} {...register('flightNumber')} />
            <TextField label={t('bookingChanges.form.trainNumber')} dir="ltr" disabled={started} error={error('trainNumber')} {...register('trainNumber')} />
          </div>
          <div className="form-row">
            <TextField label={t('bookingChanges.form.address')} disabled={started} error={error('address')} {...register('address')} />
            <TextField label={t('bookingChanges.form.city')} disabled={started} error={error('city')} {...register('city')} />
          </div>
          <TextField label={t('bookingChanges.form.message')} error={error('message')} {...register('message')} />
        </fieldset>
        <fieldset className="change-booking-group">
          <legend>{t('bookingChanges.form.price')}</legend>
          <div className="form-row">
            <TextField label={t('bookingChanges.form.manualPrice')} hint={t('bookingChanges.form.manualPriceHint')} inputMode="decimal" error={error('price')} {...register('price')} />
            <TextField label={t('bookingChanges.form.priceReason')} error={error('priceReason')} {...register('priceReason')} />
          </div>
        </fieldset>
        <TextField label={t('bookingChanges.form.reason')} hint={t('bookingChanges.form.reasonHint')} error={error('reason')} {...register('reason')} />
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('actions.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
            {t('bookingChanges.form.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
