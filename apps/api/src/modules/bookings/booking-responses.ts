import { z } from 'zod';
import { LocationMode, PaymentMethod } from '@vtc/shared/booking/booking-schemas';
import { BookingStatus } from '@vtc/shared/booking/booking-transitions';
import { formatDateFr, getParisParts, toParisDateTimeLocal } from '@vtc/shared/time/paris-time';
import type { TripPrice } from '@vtc/shared/pricing/price-trip';
import type { bookingStatusHistory, payments, PlaceValue, users } from '../../db/schema.ts';
import type { BookingListRow, BookingRow, BookingWithStops } from './bookings-repository.ts';
import type { CatalogueCar } from '../catalogue/catalogue.ts';
import type { CarForPricing } from './pricing-catalogue.ts';
import type { TripForPricing } from './trip-pricing.ts';

/** Response shapes of the booking routes (spec naming where the spec names a field). */

const euros = (cents: number) => cents / 100;
const eurosOrNull = (cents: number | null) => (cents === null ? null : euros(cents));
const pad = (value: number) => String(value).padStart(2, '0');

export const PlaceOut = z.object({
  title: z.string(),
  type: LocationMode,
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  placeId: z.string().nullable(),
  country: z.string().nullable(),
});

export function toPlaceOut(place: PlaceValue) {
  return {
    title: place.title,
    type: place.type,
    lat: place.lat ?? null,
    lon: place.lon ?? null,
    placeId: place.placeId ?? null,
    country: place.country ?? null,
  };
}

/** The booking as step two shows it (spec section 3, "Booking summary"). */
export const BookingSummary = z.object({
  id: z.number().int(),
  status: BookingStatus,
  origin: PlaceOut,
  destination: PlaceOut,
  stops: z.array(PlaceOut),
  rent_date: z.string().meta({ description: 'Pickup date on Paris clocks, dd/mm/yyyy' }),
  rent_time: z.string().meta({ description: 'Pickup time on Paris clocks, HH:MM (24 h)' }),
  pickup_at: z.string().meta({ format: 'date-time', description: 'Pickup instant, ISO 8601 UTC' }),
  pickup_local: z.string().meta({ description: 'Pickup as a datetime-local value on Paris clocks, YYYY-MM-DDTHH:MM' }),
  distance: z.string().meta({ description: 'e.g. "23.4 km"' }),
  distance_km: z.number(),
  distance_estimated: z.boolean().meta({ description: 'True when the distance is a great-circle estimate: the page says so' }),
  price: z.number().nullable().meta({ description: 'EUR total stored with the chosen car (null before step two)' }),
  price_cents: z.number().int().nullable(),
  deposit_cents: z.number().int().nullable(),
  rent_from_type: LocationMode,
  rent_to_type: LocationMode,
  passenger: z.object({ adults: z.number().int(), children: z.number().int(), children_seat: z.number().int() }),
  package: z.object({ under10kg: z.number().int(), above10kg: z.number().int(), above30kg: z.number().int() }),
  car_id: z.number().int().nullable(),
  return_rent: z.boolean(),
  language: z.enum(['fr', 'en', 'ar']),
});
export type BookingSummary = z.infer<typeof BookingSummary>;

export function toBookingSummary(booking: BookingWithStops): BookingSummary {
  const p = getParisParts(booking.pickupAt);
  return {
    id: booking.id,
    status: booking.status,
    origin: toPlaceOut(booking.origin),
    destination: toPlaceOut(booking.destination),
    stops: booking.stops.map(toPlaceOut),
    rent_date: formatDateFr(booking.pickupAt),
    rent_time: `${pad(p.hour)}:${pad(p.minute)}`,
    pickup_at: booking.pickupAt.toISOString(),
    pickup_local: toParisDateTimeLocal(booking.pickupAt),
    distance: `${booking.distanceKm.toFixed(1)} km`,
    distance_km: booking.distanceKm,
    distance_estimated: booking.distanceEstimated,
    price: eurosOrNull(booking.totalCents),
    price_cents: booking.totalCents,
    deposit_cents: booking.depositCents,
    rent_from_type: booking.rentFromType,
    rent_to_type: booking.rentToType,
    passenger: { adults: booking.adults, children: booking.children, children_seat: booking.childrenSeat },
    package: { under10kg: booking.luggageUnder10kg, above10kg: booking.luggageAbove10kg, above30kg: booking.luggageAbove30kg },
    car_id: booking.carId,
    return_rent: booking.returnRent,
    language: booking.language,
  };
}

export function toTrip(booking: BookingRow): TripForPricing {
  return {
    pickupAt: booking.pickupAt,
    distanceKm: booking.distanceKm,
    adults: booking.adults,
    children: booking.children,
    luggageUnder10kg: booking.luggageUnder10kg,
    luggageAbove10kg: booking.luggageAbove10kg,
    luggageAbove30kg: booking.luggageAbove30kg,
    priceListEntryId: booking.priceListEntryId,
  };
}

export const NotBookableReason = z.enum(['car_not_allowed', 'no_pricing_band', 'no_season']);

/** A car offered at step two, priced on the server. */
export const CarOffer = z.object({
  id: z.number().int(),
  name: z.string(),
  model: z.string(),
  img_url: z.string().nullable(),
  seats: z.number().int(),
  packages: z.number().int(),
  allowed: z.boolean().meta({ description: 'False: shown disabled with `reason`; choosing it is refused' }),
  reason: NotBookableReason.optional().meta({ description: 'Message key (shared catalogue) when not allowed' }),
  price_cents: z.number().int().optional().meta({ description: 'One-way total in cents (holiday surcharge included)' }),
  price: z.number().optional().meta({ description: 'The same in EUR' }),
  deposit_cents: z.number().int().optional(),
  deposit: z.number().optional(),
  holiday_surcharge_cents: z.number().int().optional(),
  source: z.enum(['price_list', 'pricing']).optional().meta({ description: 'price_list: fixed route price; pricing: season and km band' }),
  night: z.boolean(),
  holiday: z.boolean(),
});
export type CarOffer = z.infer<typeof CarOffer>;

export function toCarOffer(car: CarForPricing, price: TripPrice, flags: { night: boolean; holiday: boolean }): CarOffer {
  const base = {
    id: car.id,
    name: car.name,
    model: car.model,
    img_url: car.imgUrl,
    seats: car.seats,
    packages: car.packages,
    night: flags.night,
    holiday: flags.holiday,
  };
  if (!price.bookable) return { ...base, allowed: false, reason: price.reason };
  return {
    ...base,
    allowed: true,
    price_cents: price.totalCents,
    price: euros(price.totalCents),
    deposit_cents: price.depositCents,
    deposit: euros(price.depositCents),
    holiday_surcharge_cents: price.holidaySurchargeCents,
    source: price.source,
  };
}

export const StepTwoResponse = z.object({ booking: BookingSummary, cars: z.array(CarOffer) });

export const CarSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  model: z.string(),
  img_url: z.string().nullable(),
  seats: z.number().int(),
  packages: z.number().int(),
});

export function toCarSummary(car: CatalogueCar): z.infer<typeof CarSummary> {
  return { id: car.id, name: car.name, model: car.model, img_url: car.imgUrl, seats: car.seats, packages: car.packages };
}

export const BookingInfo = z.object({
  state: z.string().nullable(),
  method: PaymentMethod.nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  arriveTime: z.string().nullable(),
  trainNumber: z.string().nullable(),
  flightNumber: z.string().nullable(),
  arriveFrom: z.string().nullable(),
  message: z.string().nullable(),
  returnRent: z.boolean(),
  date: z.string().nullable().meta({ description: 'Return as a datetime-local value on Paris clocks' }),
  returnAddress: z.string().nullable(),
  returnCity: z.string().nullable(),
  returnArriveTime: z.string().nullable(),
  returnArriveFrom: z.string().nullable(),
  returnTrainNumber: z.string().nullable(),
  returnFlightNumber: z.string().nullable(),
});

export function toBookingInfo(booking: BookingRow): z.infer<typeof BookingInfo> {
  return {
    state: booking.customerState,
    method: booking.paymentMethod,
    address: booking.address,
    city: booking.city,
    arriveTime: booking.arriveTime,
    trainNumber: booking.trainNumber,
    flightNumber: booking.flightNumber,
    arriveFrom: booking.arriveFrom,
    message: booking.message,
    returnRent: booking.returnRent,
    date: booking.returnAt ? toParisDateTimeLocal(booking.returnAt) : null,
    returnAddress: booking.returnAddress,
    returnCity: booking.returnCity,
    returnArriveTime: booking.returnArriveTime,
    returnArriveFrom: booking.returnArriveFrom,
    returnTrainNumber: booking.returnTrainNumber,
    returnFlightNumber: booking.returnFlightNumber,
  };
}

export const Contact = z.object({ fullName: z.string(), email: z.string(), phone: z.string() });

/** Step three (spec: "response used as booking info"): the summary, the car, both prices, form defaults. */
export const StepThreeResponse = BookingSummary.extend({
  car: CarSummary,
  price: z.number().meta({ description: 'One-way total in EUR, computed now' }),
  price_cents: z.number().int(),
  deposit: z.number(),
  deposit_cents: z.number().int(),
  round_trip_price: z.number().meta({ description: 'Round trip (2 legs) in EUR' }),
  round_trip_price_cents: z.number().int(),
  round_trip_deposit: z.number(),
  round_trip_deposit_cents: z.number().int(),
  night: z.boolean(),
  holiday: z.boolean(),
  holiday_surcharge_percent: z.number(),
  source: z.enum(['price_list', 'pricing']),
  customer: Contact.meta({ description: 'Defaults for the form: what was saved on the booking, else the account profile' }),
  info: BookingInfo.meta({ description: 'The confirmation fields saved so far (nulls before the first confirmation)' }),
});

export const BookingListItem = z.object({
  id: z.number().int(),
  status: BookingStatus,
  created_at: z.string().meta({ format: 'date-time' }),
  pickup_at: z.string().meta({ format: 'date-time' }),
  rent_date: z.string(),
  rent_time: z.string(),
  origin: z.string(),
  destination: z.string(),
  customer: z.object({ id: z.number().int(), fullName: z.string(), email: z.string(), phone: z.string() }).meta({
    description: 'The account that booked',
  }),
  contact_name: z.string().nullable().meta({ description: 'Name typed at step three, if any' }),
  car: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  total: z.number().nullable(),
  total_cents: z.number().int().nullable(),
  deposit_cents: z.number().int().nullable(),
  payment_method: PaymentMethod.nullable(),
  distance_km: z.number(),
  return_rent: z.boolean(),
});

export function toBookingListItem(row: BookingListRow): z.infer<typeof BookingListItem> {
  const p = getParisParts(row.pickupAt);
  return {
    id: row.id,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    pickup_at: row.pickupAt.toISOString(),
    rent_date: formatDateFr(row.pickupAt),
    rent_time: `${pad(p.hour)}:${pad(p.minute)}`,
    origin: row.origin.title,
    destination: row.destination.title,
    customer: row.customer,
    contact_name: row.fullName,
    car: row.car,
    total: eurosOrNull(row.totalCents),
    total_cents: row.totalCents,
    deposit_cents: row.depositCents,
    payment_method: row.paymentMethod,
    distance_km: row.distanceKm,
    return_rent: row.returnRent,
  };
}

/** Cursor paging of booking lists: `after` is the previous page's `nextCursor`. */
export const PageQuery = z.object({
  after: z.string().max(200).optional().meta({ description: 'nextCursor of the previous page' }),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const BookingPage = z.object({
  data: z.array(BookingListItem),
  nextCursor: z.string().nullable().meta({ description: 'Pass as `after` for the next page; null on the last page' }),
});


export const BookingDetails = BookingSummary.extend({
  customer: z
    .object({
      id: z.number().int(),
      fullName: z.string(),
      email: z.string(),
      phone: z.string(),
      emailVerified: z.boolean().meta({ description: 'Whether the account’s address is verified: until then the customer gets no booking mail' }),
    })
    .meta({ description: 'The account that booked' }),
  contact: z.object({ fullName: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable(), state: z.string().nullable() }).meta({
    description: 'Contact details typed at step three',
  }),
  car: CarSummary.nullable(),
  one_way_cents: z.number().int().nullable().meta({ description: 'One leg before the holiday surcharge' }),
  holiday_surcharge_cents: z.number().int().nullable(),
  total: z.number().nullable(),
  total_cents: z.number().int().nullable(),
  deposit: z.number().nullable(),
  payment_method: PaymentMethod.nullable(),
  rejection_reason: z.string().nullable(),
  info: BookingInfo,
  created_at: z.string().meta({ format: 'date-time' }),
  updated_at: z.string().meta({ format: 'date-time' }),
  history: z.array(
    z.object({
      from_status: BookingStatus.nullable(),
      to_status: BookingStatus,
      actor_user_id: z.number().int().nullable(),
      actor_kind: z.string().meta({ description: 'customer, admin or system (payment provider)' }),
      reason: z.string().nullable(),
      created_at: z.string().meta({ format: 'date-time' }),
    }),
  ),
  payments: z.array(
    z.object({
      id: z.number().int(),
      method: PaymentMethod,
      amount_cents: z.number().int(),
      amount: z.number(),
      currency: z.string(),
      status: z.enum(['pending', 'succeeded', 'failed', 'expired']),
      provider_session_id: z.string().nullable(),
      created_at: z.string().meta({ format: 'date-time' }),
      paid_at: z.string().nullable(),
    }),
  ),
});

export function toBookingDetails(details: {
  booking: BookingWithStops;
  owner: typeof users.$inferSelect | undefined;
  car: Omit<CarForPricing, 'routePriceCents'> | undefined;
  history: (typeof bookingStatusHistory.$inferSelect)[];
  payments: (typeof payments.$inferSelect)[];
}): z.infer<typeof BookingDetails> {
  const { booking, owner } = details;
  return {
    ...toBookingSummary(booking),
    customer: {
      id: booking.userId,
      fullName: owner?.fullName ?? '',
      email: owner?.email ?? '',
      phone: owner?.phone ?? '',
      emailVerified: Boolean(owner?.emailVerifiedAt),
    },
    contact: { fullName: booking.fullName, email: booking.email, phone: booking.phone, state: booking.customerState },
    car: details.car ? toCarSummary(details.car) : null,
    one_way_cents: booking.oneWayCents,
    holiday_surcharge_cents: booking.holidaySurchargeCents,
    total: eurosOrNull(booking.totalCents),
    total_cents: booking.totalCents,
    deposit: eurosOrNull(booking.depositCents),
    payment_method: booking.paymentMethod,
    rejection_reason: booking.rejectionReason,
    info: toBookingInfo(booking),
    created_at: booking.createdAt.toISOString(),
    updated_at: booking.updatedAt.toISOString(),
    history: details.history.map((entry) => ({
      from_status: entry.fromStatus,
      to_status: entry.toStatus,
      actor_user_id: entry.actorUserId,
      actor_kind: entry.actorKind,
      reason: entry.reason,
      created_at: entry.createdAt.toISOString(),
    })),
    payments: details.payments.map((payment) => ({
      id: payment.id,
      method: payment.method,
      amount_cents: payment.amountCents,
      amount: euros(payment.amountCents),
      currency: payment.currency,
      status: payment.status,
      provider_session_id: payment.providerSessionId,
      created_at: payment.createdAt.toISOString(),
      paid_at: payment.paidAt ? payment.paidAt.toISOString() : null,
    })),
  };
}
