import type { CreateBookingBody } from '@vtc/shared/booking/booking-schemas';
import { hireEndsAt } from '@vtc/shared/booking/hire-times';
import { haversineKm } from '@vtc/shared/places/distance';
import type { PlaceValue } from '../../platform/db/schema.ts';
import { fieldError } from '../../platform/lib/app-error.ts';
import type { Catalogue, CatalogueTour } from '../../catalogue/catalogue-snapshot.ts';
import { placeMatchKeys, routeMatchKey } from '../../catalogue/places/route-match.ts';
import type { NewBooking } from '../bookings-repository.ts';

/** A pickup this close to one of a tour's departures (km, great circle) starts from it (decision 0127). */
export const TOUR_DEPARTURE_RADIUS_KM = 5;

/** The columns a hire or a tour adds to a booking (issue 22); a transfer's are the defaults. */
export type HireColumns = Required<Pick<NewBooking, 'serviceType' | 'hireMinutes' | 'hireDays' | 'tourId' | 'programme' | 'hasDropOff' | 'endsAt'>>;

export const TRANSFER_COLUMNS: HireColumns = {
  serviceType: 'transfer',
  hireMinutes: null,
  hireDays: null,
  tourId: null,
  programme: null,
  hasDropOff: true,
  endsAt: null,
};

type HireBody = Pick<CreateBookingBody, 'serviceType' | 'hireMinutes' | 'hireDays' | 'tourId' | 'programme' | 'destination' | 'pickupAt'>;

/** Whether the placed pickup is one of the tour's departures: by its name, or within the radius of one. */
export function startsFromDeparture(tour: Pick<CatalogueTour, 'departures'>, origin: Pick<PlaceValue, 'title' | 'placeId' | 'lat' | 'lon'>): boolean {
  const keys = new Set(placeMatchKeys(origin));
  return tour.departures.some(
    (departure) =>
      keys.has(routeMatchKey(departure.name)) ||
      (origin.lat != null && origin.lon != null && haversineKm({ lat: origin.lat, lon: origin.lon }, departure) <= TOUR_DEPARTURE_RADIUS_KM),
  );
}

/** The tour a booking names, if customers may book it: 400 tour_not_found on `tourId` otherwise (unknown or hidden). */
export function bookableTour(catalogue: Pick<Catalogue, 'tours'>, tourId: number): CatalogueTour {
  const tour = catalogue.tours.get(tourId);
  if (!tour || tour.hidden) throw fieldError('tourId', 'tour_not_found');
  return tour;
}

/**
 * A hire's columns from step one's body and its placed pickup: its minutes (a tour's from the
 * tour, which must be visible and start from the pickup: 400 tour_not_found on `tourId`,
 * tour_departure_unknown on `origin`), its days, whether it has a drop-off, its booked end.
 */
export function hireColumns(catalogue: Pick<Catalogue, 'tours'>, body: HireBody, origin: PlaceValue): HireColumns {
  if (body.serviceType === 'transfer') return TRANSFER_COLUMNS;
  let hireMinutes = body.hireMinutes ?? null;
  if (body.serviceType === 'tour') {
    const tour = bookableTour(catalogue, body.tourId!);
    if (!startsFromDeparture(tour, origin)) throw fieldError('origin', 'tour_departure_unknown');
    hireMinutes = tour.durationHours * 60;
  }
  const hireDays = body.hireDays ?? null;
  return {
    serviceType: body.serviceType,
    hireMinutes,
    hireDays,
    tourId: body.tourId ?? null,
    programme: body.programme ?? null,
    hasDropOff: body.destination !== undefined,
    endsAt: hireEndsAt({ serviceType: body.serviceType, pickupAt: body.pickupAt, hireMinutes, hireDays }),
  };
}
