import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookingChangesResponse, ChangeBookingResponse } from '@vtc/shared/booking/booking-change-responses';
import type { ChangeBookingInput } from '@vtc/shared/booking/booking-change-schemas';
import type { CustomerBookingDetails } from '@vtc/shared/booking/booking-responses';
import type { Language } from '@vtc/shared/i18n/languages';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { ChangeLines } from '../../../components/booking/change-lines';
import { changedCounts, countField, countsOf, PartyCountFields, type PartyCounts } from '../../../components/booking/party-count-fields';
import { isRoutePath, RouteFields, routeChanges, useRouteState, type Route } from '../../../components/trip/route-fields';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { TextField } from '../../../components/ui/text-field';
import { apiFetch } from '../../../lib/api-fetch';
import { showFormError } from '../../../lib/form-errors';
import { MY_BOOKINGS_KEY } from '../../../lib/my-booking-api';
import { formatPickup } from './booking-format';

type ChangeForm = PartyCounts & {
  date: string;
  returnRent: boolean;
  returnDate: string;
  flightNumber: string;
  trainNumber: string;
  returnFlightNumber: string;
  returnTrainNumber: string;
  address: string;
  city: string;
  message: string;
};

const valuesOf = (b: CustomerBookingDetails): ChangeForm => ({
  date: b.pickup_local,
  returnRent: b.return_rent,
  returnDate: b.info.date ?? '',
  ...countsOf(b),
  flightNumber: b.info.flightNumber ?? '',
  trainNumber: b.info.trainNumber ?? '',
  returnFlightNumber: b.info.returnFlightNumber ?? '',
  returnTrainNumber: b.info.returnTrainNumber ?? '',
  address: b.info.address ?? '',
  city: b.info.city ?? '',
  message: b.info.message ?? '',
});

/** Only what the customer changed is sent: within 48 hours that can only be the flight, the train and the message. */
function changedBody(wasRoute: Route, route: Route, was: ChangeForm, now: ChangeForm): Record<string, unknown> {
  const body: Record<string, unknown> = { ...changedCounts(was, now), ...routeChanges(wasRoute, route) };
  const moved = (keys: (keyof ChangeForm)[]) => keys.some((key) => was[key] !== now[key]);
  if (moved(['date'])) body.date = now.date;
  // The return (decision 0178): added, moved or dropped; its flight or train goes only with a return.
  if (moved(['returnRent'])) body.returnRent = now.returnRent;
  if (now.returnRent && moved(['returnRent', 'returnDate'])) body.returnDate = now.returnDate;
  for (const key of ['flightNumber', 'trainNumber', 'address', 'city', 'message'] as const) if (moved([key])) body[key] = now[key];
  if (now.returnRent) for (const key of ['returnFlightNumber', 'returnTrainNumber'] as const) if (moved([key])) body[key] = now[key];
  return body;
}

const formField = (path: string) => countField(path) as keyof ChangeForm;

/**
 * "Modifier ma réservation" (decision 0120): more than 48 hours before pickup the time, a
 * transfer's places and return (decision 0178), party, luggage, pickup details, flight or train
 * and message; later only the flight or train and the message. A change that moves the price or
 * needs another car is sent to the company as a request, shown here until it is answered.
 */
export function ChangeMyBooking({ booking }: { booking: CustomerBookingDetails }) {
  const { t, i18n } = useTranslation('auth');
  const language = i18n.language as Language;
  const queryClient = useQueryClient();
  const changesKey = [...MY_BOOKINGS_KEY, booking.id, 'changes'];
  const changes = useQuery({
    queryKey: changesKey,
    queryFn: ({ signal }) => apiFetch<BookingChangesResponse>(`/user/booking/change/${booking.id}`, { signal }).then((body) => body.data),
  });
  const defaults = valuesOf(booking);
  const { register, handleSubmit, setError, formState, reset, watch } = useForm<ChangeForm>({ defaultValues: defaults });
  const withReturn = watch('returnRent');
  const { wasRoute, route, changeRoute, placeError, setPlaceErrors } = useRouteState(booking);
  if (!changes.data || changes.data.scope === 'none') return null;
  const { scope } = changes.data;
  const pending = changes.data.changes.find((item) => item.status === 'pending');
  const last = changes.data.changes.find((item) => item.kind === 'request' && item.status !== 'pending');
  const error = (name: keyof ChangeForm) => formState.errors[name];

  const submit = handleSubmit(async (values) => {
    try {
      const body = changedBody(wasRoute, route, defaults, values);
      const answer = await apiFetch<ChangeBookingResponse>(`/user/booking/change/${booking.id}`, { method: 'PUT', body: body as ChangeBookingInput });
      toast.success(answer.message);
      reset(values);
      await queryClient.invalidateQueries({ queryKey: MY_BOOKINGS_KEY });
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
    <section className="card my-booking-change" aria-labelledby="change-title">
      <h2 id="change-title" className="card-title">
        {t('bookingChange.title')}
      </h2>
      {pending ? (
        <div className="notice notice-warning" role="status">
          <p>{t('bookingChange.pending')}</p>
          <ChangeLines lines={pending.lines} />
        </div>
      ) : (
        <>
          <p className="my-booking-muted">{scope === 'full' ? t('bookingChange.full', { until: formatPickup(new Date(Date.parse(booking.pickup_at) - 48 * 3_600_000).toISOString(), language) }) : t('bookingChange.late')}</p>
          {last ? <p className="my-booking-muted">{t(`bookingChange.answer.${last.status}`, { reason: last.answer_reason ?? '' })}</p> : null}
          <form className="form" onSubmit={(event) => void submit(event)} noValidate>
            {scope === 'full' ? (
              <>
                <TextField label={t('bookingChange.date')} type="datetime-local" error={error('date')} {...register('date')} />
                {/* A transfer's places and return (decision 0178); a hire or a tour has no return (decision 0127). */}
                {booking.serviceType === 'transfer' ? (
                  <>
                    <RouteFields route={route} onChange={changeRoute} language={language} errorOf={placeError} addButtonClassName="my-booking-add-stop" />
                    <CheckboxField label={t('bookingChange.returnRent')} error={error('returnRent')} {...register('returnRent')} />
                    {withReturn ? <TextField label={t('bookingChange.returnDate')} type="datetime-local" error={error('returnDate')} {...register('returnDate')} /> : null}
                  </>
                ) : null}
                <PartyCountFields register={register} errors={formState.errors} />
                <div className="form-row">
                  <TextField label={t('bookingChange.address')} error={error('address')} {...register('address')} />
                  <TextField label={t('bookingChange.city')} error={error('city')} {...register('city')} />
                </div>
              </>
            ) : null}
            <div className="form-row">
              <TextField label={t('bookingChange.flightNumber')} dir="ltr" error={error('flightNumber')} {...register('flightNumber')} />
              <TextField label={t('bookingChange.trainNumber')} dir="ltr" error={error('trainNumber')} {...register('trainNumber')} />
            </div>
            {/* A round trip's return starts where the outbound ends: its own flight or train (decision 0171). */}
            {withReturn && booking.rent_to_type === 'airport' ? (
              <TextField label={t('bookingChange.returnFlightNumber')} dir="ltr" error={error('returnFlightNumber')} {...register('returnFlightNumber')} />
            ) : null}
            {withReturn && booking.rent_to_type === 'station' ? (
              <TextField label={t('bookingChange.returnTrainNumber')} dir="ltr" error={error('returnTrainNumber')} {...register('returnTrainNumber')} />
            ) : null}
            <TextField label={t('bookingChange.message')} error={error('message')} {...register('message')} />
            <p className="form-note">{t('bookingChange.note')}</p>
            <div>
              <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting || (!formState.isDirty && Object.keys(routeChanges(wasRoute, route)).length === 0)}>
                {t('bookingChange.submit')}
              </button>
            </div>
          </form>
        </>
      )}
    </section>
  );
}
