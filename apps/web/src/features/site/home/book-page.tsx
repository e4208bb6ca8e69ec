import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBusinessTerms } from '../../../components/marketing/business-terms';
import { CheckList } from '../../../components/marketing/check-list';
import { CheckIcon } from '../../../components/ui/site-icons';
import { BookingSlot } from './booking-slot';
import './book-page.css';

/** `/system`: where a booking starts — the heading, the booking form (handed in by the app) and the terms in brief. */
export function BookPage({ bookingForm }: { bookingForm: ReactNode }) {
  const { t } = useTranslation(['common', 'home']);
  const terms = useBusinessTerms();
  return (
    <section className="page-section book-page">
      <div className="container book-layout">
        <div className="book-intro">
          <h1 className="page-title">{t('pages.system.title')}</h1>
          <p className="page-lead">{t('pages.system.text')}</p>
          <CheckList
            icon={<CheckIcon />}
            items={[
              t('home:hero.highlights.fixedPrice'),
              t('home:hero.highlights.cancellation', { hours: terms.hours }),
              t('home:hero.highlights.available'),
            ]}
          />
        </div>
        <div className="book-form">
          <BookingSlot bookingForm={bookingForm} />
        </div>
      </div>
    </section>
  );
}
