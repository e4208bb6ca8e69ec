import { SERVICE_TYPES, type ServiceType } from '@vtc/shared/booking/service-types';

/** The service the address asks the booking form for (issue 22): `?service=hourly|daily|tour&tourId=N`. */
export interface ServiceRequest {
  service: ServiceType;
  tourId: number | null;
}

/** What `?service=` and `?tourId=` ask for; null when the address names no known service. */
export function serviceFromSearch(search: URLSearchParams): ServiceRequest | null {
  const service = search.get('service');
  if (service === null || !(SERVICE_TYPES as readonly string[]).includes(service)) return null;
  const rawTour = search.get('tourId');
  const tourId = service === 'tour' && rawTour !== null && /^\d{1,9}$/.test(rawTour) && Number(rawTour) > 0 ? Number(rawTour) : null;
  return { service: service as ServiceType, tourId };
}

/**
 * The address's search with the form's service written in: none for a transfer (today's form,
 * the default), the tour's id beside `service=tour`. Other parameters (the language) stay.
 */
export function searchWithService(search: URLSearchParams, service: ServiceType, tourId: number | null): URLSearchParams {
  const next = new URLSearchParams(search);
  next.delete('service');
  next.delete('tourId');
  if (service !== 'transfer') next.set('service', service);
  if (service === 'tour' && tourId !== null) next.set('tourId', String(tourId));
  return next;
}
