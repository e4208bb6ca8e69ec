import type { BookingSummary } from '@vtc/shared/booking/booking-responses';
import type { TFunction } from 'i18next';

/** A translation function of the `booking-help` namespace. */
export type Translate = TFunction<'booking-help'>;

type Trip = Pick<BookingSummary, 'id' | 'origin' | 'stops' | 'destination' | 'rent_date' | 'rent_time' | 'passenger' | 'package'> &
  Partial<Pick<BookingSummary, 'hasDropOff'>>;

/**
 * The message a customer sends the company on WhatsApp when no car can be booked online
 * (decision 0100): the trip as the company needs it to answer, in the customer's language. A hire
 * or a tour names its service in words (`service`, e.g. "Mise à disposition à l'heure, 5 h").
 */
export function whatsAppText(trip: Trip, split: readonly string[], t: Translate, service?: string | null): string {
  const { passenger, package: luggage } = trip;
  const people = [
    t('booking-help:whatsApp.adults', { count: passenger.adults }),
    passenger.children > 0 ? t('booking-help:whatsApp.children', { count: passenger.children }) : null,
    passenger.children_seat > 0 ? t('booking-help:whatsApp.childSeats', { count: passenger.children_seat }) : null,
  ].filter(Boolean);
  const bags = luggage.under10kg + luggage.above10kg + luggage.above30kg;
  return [
    t('booking-help:whatsApp.greeting'),
    t('booking-help:whatsApp.booking', { id: trip.id }),
    service ? t('booking-help:whatsApp.service', { service }) : null,
    t('booking-help:whatsApp.from', { place: trip.origin.title }),
    ...trip.stops.map((stop, index) => t('booking-help:whatsApp.stop', { number: index + 1, place: stop.title })),
    trip.hasDropOff === false ? null : t('booking-help:whatsApp.to', { place: trip.destination.title }),
    t('booking-help:whatsApp.when', { date: trip.rent_date, time: trip.rent_time }),
    t('booking-help:whatsApp.passengers', { list: people.join(', ') }),
    t('booking-help:whatsApp.luggage', { count: bags }),
    split.length > 1 ? t('booking-help:whatsApp.split', { cars: split.join(' + ') }) : null,
  ]
    .filter(Boolean)
    .join('\n');
}

/** The wa.me link (from the public configuration) with the message prefilled. */
export function whatsAppHref(whatsappUrl: string, text: string): string {
  return `${whatsappUrl}?text=${encodeURIComponent(text)}`;
}
