import type { CarItem, CarVisibilityResponse } from '@vtc/shared/cars/car-responses';
import { formatParisDateTime } from '@vtc/shared/time/format-paris';
import { getStoredLanguage } from '../../../lib/language';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { carsResource, pricingListResource, setCarHidden } from '../../../lib/catalogue-api';
import { showError } from '../../../lib/form-errors';
import { Modal } from '../../../components/ui/modal';
import { RowButton } from '../../../components/ui/data-table';
import { useGlobalLoader } from '../../../components/ui/global-loader';

/**
 * Masquer / Proposer a car (decision 0074). A car hidden while it has trips to come stays hidden;
 * a dialog lists those trips so the company drives or reassigns them.
 */
export function useCarVisibility() {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const loader = useGlobalLoader();
  const [warning, setWarning] = useState<CarVisibilityResponse | null>(null);

  const toggle = async (car: CarItem) => {
    try {
      const answer = await loader.run(() => setCarHidden(car.id, !car.hidden));
      for (const key of [carsResource.key, pricingListResource.key]) void queryClient.invalidateQueries({ queryKey: key });
      if (answer.upcomingBookings.length > 0) setWarning(answer);
      else toast.success(answer.message);
    } catch (error) {
      showError(error);
    }
  };

  const button = (car: CarItem) => (
    <RowButton label={car.hidden ? t('pages.cars.show') : t('pages.cars.hide')} rowLabel={car.name} onClick={() => void toggle(car)} />
  );

  const dialog = (
    <Modal open={warning !== null} title={t('pages.cars.upcomingTitle', { name: warning?.data.name ?? '' })} onClose={() => setWarning(null)}>
      {warning ? (
        <>
          <p role="status">{warning.message}</p>
          <ul className="car-upcoming">
            {warning.upcomingBookings.map((booking) => (
              <li key={booking.id}>
                <strong>
                  {t('pages.cars.bookingNumber', { id: booking.id })} · {formatParisDateTime(booking.pickupAt, getStoredLanguage())}
                </strong>
                <span>
                  {booking.origin} → {booking.destination}
                  {booking.fullName ? ` · ${booking.fullName}` : ''} · {t(`bookingStatus.${booking.status}`)}
                </span>
              </li>
            ))}
          </ul>
          <div className="modal-actions">
            <button type="button" className="btn btn-primary" data-autofocus onClick={() => setWarning(null)}>
              {t('pages.cars.understood')}
            </button>
          </div>
        </>
      ) : null}
    </Modal>
  );

  return { button, dialog };
}
