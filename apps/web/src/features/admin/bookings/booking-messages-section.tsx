import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import './booking-messages-section.css';

const BookingMessages = lazy(() => import('./booking-messages').then((module) => ({ default: module.BookingMessages })));

/**
 * The drawer's "Messages" section, closed at first: opening it loads the list's code and asks the
 * API for the booking's mails and texts (decision 0130), so the drawer opens as fast as before.
 */
export function BookingMessagesSection({ id }: { id: number }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <section className="details-section">
      <h3 className="details-title">
        <button type="button" className="details-toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
          {t('pages.bookings.messages.title')}
        </button>
      </h3>
      <div id={panelId} hidden={!open}>
        {open ? (
          <Suspense fallback={<Spinner label={t('table.loading')} />}>
            <BookingMessages id={id} />
          </Suspense>
        ) : null}
      </div>
    </section>
  );
}
