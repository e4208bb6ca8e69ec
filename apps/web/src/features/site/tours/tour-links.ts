import type { TourItem } from '@vtc/shared/tours/tour-responses';

/** The booking form opened on the tour service with this tour chosen (issue 22). */
export function tourBookingUrl(tour: Pick<TourItem, 'id'>): string {
  return `/system?service=tour&tourId=${tour.id}`;
}
