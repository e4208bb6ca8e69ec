import type { BookingSummary, StepTwoContact } from '@vtc/shared/booking/booking-responses';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useHireWords } from '../../components/trip/hire-words';
import { getStoredLanguage } from '../../lib/language';
import { usePublicConfig } from '../../lib/public-config';
import { whatsAppHref, whatsAppText } from './whatsapp-message';
import './contact-offer.css';

/** Digits and a leading + for a tel: link ("+33 6 12 34 56 78" → "+33612345678"). */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * Step two's way forward when no car can be chosen (decision 0100): a call, or a WhatsApp message
 * with the trip already written, and the cars that together would take a party too large for one.
 */
export function ContactOffer({ booking, contact }: { booking: BookingSummary; contact: StepTwoContact }) {
  const { t } = useTranslation('booking-help');
  const { data: config } = usePublicConfig();
  const titleId = useId();
  const cars = contact.split.map((car) => car.name);
  const kind = contact.party_too_large ? 'TooLarge' : 'NoCar';
  const words = useHireWords();
  const language = getStoredLanguage();
  // A hire or a tour says which, and how long, in the message (issue 22).
  const service =
    booking.serviceType === 'transfer'
      ? null
      : [words.serviceName(booking.serviceType), booking.tourName?.[language], words.hireLength(booking.serviceType, booking.hours, booking.days)]
          .filter(Boolean)
          .join(', ');
  return (
    <section className="contact-offer card" aria-labelledby={titleId}>
      <h3 id={titleId} className="contact-offer-title">
        {t(`contactOffer.title${kind}`)}
      </h3>
      <p>{t(`contactOffer.text${kind}`)}</p>
      {cars.length > 1 ? <p className="contact-offer-split">{t('contactOffer.split', { cars: cars.join(' + ') })}</p> : null}
      {config ? (
        <div className="contact-offer-actions">
          <a className="btn btn-primary" href={telHref(config.companyPhone)}>
            {t('contactOffer.call')} <bdi dir="ltr">{config.companyPhone}</bdi>
          </a>
          <a className="btn btn-outline" href={whatsAppHref(config.whatsappUrl, whatsAppText(booking, cars, t, service))} target="_blank" rel="noopener noreferrer">
            {t('contactOffer.whatsApp')}
          </a>
        </div>
      ) : null}
    </section>
  );
}
