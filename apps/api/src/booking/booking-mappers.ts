import { formatDateFr, getParisParts, toParisDateTimeLocal } from '@vtc/shared/time/paris-time';
import type { BookingFlight } from '@vtc/shared/booking/flight-status';
import type { Language } from '@vtc/shared/i18n/languages';
import { placeTitle } from '@vtc/shared/places/fixed-places';
import type { bookingStatusHistory, payments, PlaceValue, users } from '../platform/db/schema.ts';
import type { BookingListRow, BookingRow, BookingWithStops } from './bookings-repository.ts';
import { readLeg, type FlightLeg, type LegColumn } from './flights/flight-legs.ts';
import { isManualRefundId, type RefundLine } from './payments/refund-lines.ts';
import type { Catalogue, CatalogueCar } from '../catalogue/catalogue-snapshot.ts';
import type { CarForPricing } from './pricing/route-prices.ts';
import type { BookingPrice } from './pricing/trip-pricing.ts';
import { partyOf } from './booking-party.ts';
import type {
  BookingDetails,
  BookingInfo,
  BookingListItem,
  BookingSummary,
  CarOffer,
  CarSummary,
  CustomerBookingDetails,
  HireSummaryFields,
} from '@vtc/shared/booking/booking-responses';

const euros = (cents: number) => cents / 100;
const eurosOrNull = (cents: number | null) => (cents === null ? null : euros(cents));
const pad = (value: number) => String(value).padStart(2, '0');

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

/** Where a tour's name is read: the catalogue (hidden tours included). */
export type TourNames = Pick<Catalogue, 'tours'>;

/** What a hire or a tour adds to the summary (issue 22); a transfer gives nulls. */
export function toHireSummary(booking: BookingRow, tours?: TourNames): HireSummaryFields {
  const hourly = booking.serviceType === 'hourly' || booking.serviceType === 'tour';
  return {
    serviceType: booking.serviceType,
    hours: hourly && booking.hireMinutes !== null ? booking.hireMinutes / 60 : null,
    days: booking.serviceType === 'daily' ? booking.hireDays : null,
    tourId: booking.tourId,
    tourName: booking.tourId === null ? null : (tours?.tours.get(booking.tourId)?.name ?? null),
    programme: booking.programme,
    hasDropOff: booking.hasDropOff,
    endsAt: booking.endsAt ? booking.endsAt.toISOString() : null,
    endedAt: booking.endedAt ? booking.endedAt.toISOString() : null,
    endKm: booking.endKm,
    overtimeCents: booking.overtimeCents,
    extraKmCents: booking.extraKmCents,
  };
}

/** The summary; `tours` (the catalogue) names a tour, else its name is null. */
export function toBookingSummary(booking: BookingWithStops, tours?: TourNames): BookingSummary {
  const p = getParisParts(booking.pickupAt);
  const party = partyOf(booking);
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
    passenger: { adults: party.adults, children: party.children, children_seat: party.childrenSeat },
    package: party.luggage,
    car_id: booking.carId,
    return_rent: booking.returnRent,
    language: booking.language,
    ...toHireSummary(booking, tours),
  };
}

/** A car another booking holds at that time (`busy`) is shown, not bookable, with reason car_busy. */
export function toCarOffer(car: CarForPricing, price: BookingPrice, flags: { night: boolean; holiday: boolean }, busy = false): CarOffer {
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
  if (busy) return { ...base, allowed: false, reason: 'car_busy' };
  return {
    ...base,
    allowed: true,
    price_cents: price.totalCents,
    price: euros(price.totalCents),
    deposit_cents: price.depositCents,
    deposit: euros(price.depositCents),
    holiday_surcharge_cents: price.holidaySurchargeCents,
    source: price.source,
    ...(price.companyDiscount ? { company_discount: { percent: price.companyDiscount.percent, cents: price.companyDiscount.cents } } : {}),
    ...(price.hire
      ? {
          hire: {
            billed_hours: price.hire.billedHours,
            billed_days: price.hire.billedDays,
            km_included: price.hire.kmIncluded,
            price_per_extra_km_cents: price.hire.pricePerExtraKmCents,
            day_rate_applied: price.hire.dayRateApplied,
            night_surcharge_cents: price.hire.nightSurchargeCents,
          },
        }
      : {}),
  };
}

export function toCarSummary(car: CatalogueCar): CarSummary {
  return { id: car.id, name: car.name, model: car.model, img_url: car.imgUrl, seats: car.seats, packages: car.packages };
}

export function toBookingInfo(booking: BookingRow): BookingInfo {
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


/** A followed flight's state (decisions 0144, 0171): the outbound's or the return's; null until the provider was asked. */
export function toBookingFlight(booking: Pick<BookingRow, LegColumn<'status' | 'checkedAt' | 'arrivalAt' | 'alert'>>, leg: FlightLeg = 'outbound'): BookingFlight | null {
  const { status, checkedAt, arrivalAt, alert } = readLeg(booking, leg, ['status', 'checkedAt', 'arrivalAt', 'alert']);
  if (status === null || checkedAt === null) return null;
  return { status, checkedAt: checkedAt.toISOString(), arrivalAt: arrivalAt?.toISOString() ?? null, alert };
}

/** A booking in a list; route names in `language`, French (the company's) by default (decision 0098). */
export function toBookingListItem(row: BookingListRow, language: Language = 'fr'): BookingListItem {
  const p = getParisParts(row.pickupAt);
  return {
    id: row.id,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    pickup_at: row.pickupAt.toISOString(),
    rent_date: formatDateFr(row.pickupAt),
    rent_time: `${pad(p.hour)}:${pad(p.minute)}`,
    origin: placeTitle(row.origin, language),
    destination: placeTitle(row.destination, language),
    customer: row.customer,
    contact_name: row.fullName,
    car: row.car,
    total: eurosOrNull(row.totalCents),
    total_cents: row.totalCents,
    deposit_cents: row.depositCents,
    payment_method: row.paymentMethod,
    on_account: row.companyId !== null,
    distance_km: row.distanceKm,
    return_rent: row.returnRent,
    serviceType: row.serviceType,
    ...pickHireListFields(toHireSummary(row)),
  };
}

/** The hire fields a list shows (issue 22): length and end. */
function pickHireListFields({ hours, days, hasDropOff, endsAt }: HireSummaryFields) {
  return { hours, days, hasDropOff, endsAt };
}

export function toBookingDetails(details: {
  booking: BookingWithStops;
  owner: typeof users.$inferSelect | undefined;
  car: Omit<CarForPricing, 'routePriceCents'> | undefined;
  history: (typeof bookingStatusHistory.$inferSelect)[];
  payments: (typeof payments.$inferSelect)[];
  /** Every refund: a cancellation's and a lower price's (decisions 0120, 0121, 0138). */
  refundLines: RefundLine[];
  settlement: BookingDetails['settlement'];
  /** A hire's invoice lines once invoiced (decision 0137). */
  invoiceLines?: BookingDetails['invoice_lines'];
  /** The catalogue, for a tour's name. */
  tours?: TourNames;
  /** What the booking has been issued (voucher, receipts, invoice, credit notes). */
  documents: { kind: BookingDetails['documents'][number]['kind']; number: string; issuedAt: Date }[];
  /** What a new deposit link would ask now (decision 0177), null when nothing. */
  depositDue: { cents: number; difference: boolean } | null;
}): BookingDetails {
  const { booking, owner } = details;
  return {
    ...toBookingSummary(booking, details.tours),
    customer: {
      id: booking.userId,
      fullName: owner?.fullName ?? '',
      email: owner?.email ?? '',
      phone: owner?.phone ?? '',
      emailVerified: Boolean(owner?.emailVerifiedAt),
    },
    contact: { fullName: booking.fullName, email: booking.email, phone: booking.phone, state: booking.customerState },
    car: details.car ? toCarSummary(details.car) : null,
    driver_id: booking.driverId,
    one_way_cents: booking.oneWayCents,
    holiday_surcharge_cents: booking.holidaySurchargeCents,
    total: eurosOrNull(booking.totalCents),
    total_cents: booking.totalCents,
    deposit: eurosOrNull(booking.depositCents),
    payment_method: booking.paymentMethod,
    rejection_reason: booking.rejectionReason,
    info: toBookingInfo(booking),
    flight: toBookingFlight(booking),
    return_flight: toBookingFlight(booking, 'return'),
    created_at: booking.createdAt.toISOString(),
    updated_at: booking.updatedAt.toISOString(),
    history: details.history.map((entry) => ({
      from_status: entry.fromStatus,
      to_status: entry.toStatus,
      actor_user_id: entry.actorUserId,
      actor_kind: entry.actorKind,
      reason: entry.reason,
      mission_status: entry.missionStatus,
      manual_price_cents: entry.manualPriceCents,
      list_price_cents: entry.listPriceCents,
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
    refunds: details.refundLines.map((refund) => ({
      id: refund.id,
      payment_id: refund.paymentId,
      cause: refund.cause,
      method: refund.method,
      amount_cents: refund.amountCents,
      status: refund.state,
      settled_by_hand: isManualRefundId(refund.providerRefundId),
      requested_at: refund.requestedAt.toISOString(),
      refunded_at: refund.refundedAt ? refund.refundedAt.toISOString() : null,
    })),
    settlement: details.settlement,
    documents: details.documents.map((document) => ({ kind: document.kind, number: document.number, issued_at: document.issuedAt.toISOString() })),
    invoice_lines: details.invoiceLines ?? null,
    deposit_due_online: details.depositDue ? { amount_cents: details.depositDue.cents, difference: details.depositDue.difference } : null,
  };
}

/** A customer's own booking (decision 0091): the details, the chauffeur and the cancellation terms now. */
export function toCustomerBookingDetails(details: Parameters<typeof toBookingDetails>[0] & {
  chauffeur: { fullName: string; phone: string } | null;
  cancellation: { allowed: boolean; free: boolean; freeUntil: Date; depositPaid: boolean };
}): CustomerBookingDetails {
  const { cancellation } = details;
  return {
    ...toBookingDetails(details),
    chauffeur: details.chauffeur,
    cancellation: {
      allowed: cancellation.allowed,
      free: cancellation.free,
      free_until: cancellation.freeUntil.toISOString(),
      deposit_paid: cancellation.depositPaid,
    },
  };
}
