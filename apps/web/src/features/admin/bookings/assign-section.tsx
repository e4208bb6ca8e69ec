import { useQueryClient } from '@tanstack/react-query';
import type { BookingDetails } from '@vtc/shared/booking/booking-responses';
import { formatPhone } from '@vtc/shared/phone/phone-number';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { SelectField } from '../../../components/ui/select-field';
import { ApiError } from '../../../lib/api-fetch';
import { assignBooking, BOOKINGS_KEY, useAssignChoices } from './bookings-api';
import './assign-section.css';

/**
 * The drawer's "Assign" section (decision 0082): the chauffeur (active ones, with their
 * languages) and the car of an accepted or paid booking; the API's 409s are shown as it words them.
 */
export function AssignSection({ booking }: { booking: BookingDetails }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const canAssign = booking.status === 'accepted' || booking.status === 'paid';
  const { drivers, cars } = useAssignChoices(canAssign || booking.driver_id !== null);
  const [driverId, setDriverId] = useState(booking.driver_id ? String(booking.driver_id) : '');
  const [carId, setCarId] = useState(booking.car ? String(booking.car.id) : '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const assigned = drivers.data?.find((driver) => driver.id === booking.driver_id);
  const languages = (codes: readonly string[]) => codes.map((code) => code.toUpperCase()).join(', ');

  if (!canAssign && booking.driver_id === null) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!driverId || !carId) {
      setError(t('pages.bookings.assign.required'));
      return;
    }
    setSaving(true);
    try {
      const answer = await assignBooking(booking.id, { driverId: Number(driverId), carId: Number(carId) });
      toast.success(answer.message);
      void queryClient.invalidateQueries({ queryKey: BOOKINGS_KEY });
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t('pages.bookings.assign.failed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="details-section assign-section" aria-labelledby={`assign-${booking.id}`}>
      <h3 className="details-title" id={`assign-${booking.id}`}>
        {t('pages.bookings.assign.title')}
      </h3>
      <p className="assign-current">
        {assigned
          ? t('pages.bookings.assign.current', { name: assigned.fullName, phone: formatPhone(assigned.phone) })
          : t('pages.bookings.assign.none')}
      </p>
      {canAssign ? (
        <form className="assign-form" onSubmit={(event) => void submit(event)} noValidate>
          <SelectField
            label={t('pages.bookings.assign.driver')}
            placeholder={t('pages.bookings.assign.choose')}
            value={driverId}
            onChange={(event) => setDriverId(event.target.value)}
            options={(drivers.data ?? [])
              .filter((driver) => driver.active || driver.id === booking.driver_id)
              .map((driver) => ({
                value: String(driver.id),
                label: driver.languages.length > 0 ? `${driver.fullName} (${languages(driver.languages)})` : driver.fullName,
              }))}
          />
          <SelectField
            label={t('pages.bookings.assign.car')}
            placeholder={t('pages.bookings.assign.choose')}
            value={carId}
            onChange={(event) => setCarId(event.target.value)}
            options={(cars.data ?? []).map((car) => ({ value: String(car.id), label: `${car.name} (${car.number})` }))}
          />
          {error ? (
            <p className="assign-error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="modal-actions">
            <button type="submit" className="btn btn-primary" disabled={saving}>
              {t('pages.bookings.assign.submit')}
            </button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
