import { z } from 'zod';
import { BookingFlight } from './flight-status.ts';
import { BillingDetails } from '../company/company-responses.ts';
import { LocationMode, PaymentMethod } from './booking-schemas.ts';
import { BookingStatus } from './booking-transitions.ts';
import { MissionStatus } from '../missions/mission-schemas.ts';
import { BookingSettlement } from './booking-balance.ts';
import { ServiceType } from './service-types.ts';

/**
 * Response shapes of the booking routes (spec naming where the spec names a field); the API fills
 * them from its rows in apps/api/src/booking/booking-mappers.ts.
 */

export const PlaceOut = z.object({
  title: z.string(),
  type: LocationMode,
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  placeId: z.string().nullable(),
  country: z.string().nullable(),
});
export type PlaceOut = z.infer<typeof PlaceOut>;

/** A tour's name in the three languages. */
export const TourName = z.object({ fr: z.string(), en: z.string(), ar: z.string() });
export type TourName = z.infer<typeof TourName>;

/**
 * One line of a hire's invoice (decision 0137), as words are made of it in each language: the
 * service booked (hourly with its hours, daily with its days, a tour with its name), then what
 * its end added, overtime (billed minutes, started quarter hours) and km beyond those included.
 * Amounts include tax.
 */
export const InvoiceLine = z.object({
  kind: z.enum(['hourly', 'daily', 'tour', 'overtime', 'extra_km']),
  hours: z.number().optional(),
  days: z.number().int().optional(),
  tourName: TourName.optional(),
  minutes: z.number().int().optional(),
  km: z.number().optional(),
  cents: z.number().int(),
});
export type InvoiceLine = z.infer<typeof InvoiceLine>;

/** What a hire or a tour adds to a booking's summary (issue 22); a transfer has nulls (and hasDropOff true). */
export const HireSummaryFields = z.object({
  serviceType: ServiceType.meta({ description: 'transfer, hourly (by the hour), daily (by the day) or tour' }),
  hours: z.number().nullable().meta({ description: 'Hours booked (hourly, tour); null otherwise' }),
  days: z.number().int().nullable().meta({ description: 'Days booked (daily); null otherwise' }),
  tourId: z.number().int().nullable(),
  tourName: TourName.nullable().meta({ description: 'The tour’s name in fr, en and ar; null when not a tour (or the tour was deleted)' }),
  programme: z.string().nullable().meta({ description: 'The places to visit the customer typed (hire, tour)' }),
  hasDropOff: z.boolean().meta({ description: 'False: a hire without a drop-off place (its destination is its pickup place)' }),
  endsAt: z.string().nullable().meta({ format: 'date-time', description: 'The booked end of a hire or tour, ISO 8601 UTC (by the day: the last day’s pickup time + 8 h); null for a transfer' }),
  endedAt: z.string().nullable().meta({ format: 'date-time', description: 'A finished hire’s actual end, as the chauffeur recorded it' }),
  endKm: z.number().nullable().meta({ description: 'Km driven during a finished hire, as the chauffeur recorded them' }),
  overtimeCents: z.number().int().nullable().meta({ description: 'Overtime billed on a finished hire (started quarter hours past endsAt)' }),
  extraKmCents: z.number().int().nullable().meta({ description: 'Km beyond the included ones billed on a finished hire' }),
});
export type HireSummaryFields = z.infer<typeof HireSummaryFields>;

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
  ...HireSummaryFields.shape,
});
export type BookingSummary = z.infer<typeof BookingSummary>;

/** Where a car's price comes from: a transfer's route price or km band, a hire's rate, a tour's price. */
export const PriceSource = z.enum(['price_list', 'pricing', 'hire', 'tour']);
export type PriceSource = z.infer<typeof PriceSource>;

export const NotBookableReason = z.enum(['car_not_allowed', 'no_pricing_band', 'no_season', 'car_busy', 'no_hire_rate', 'no_tour_price']);
export type NotBookableReason = z.infer<typeof NotBookableReason>;

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
  source: PriceSource.optional().meta({ description: 'price_list: fixed route price; pricing: season and km band; hire: hourly rate or day rate; tour: the tour’s price' }),
  company_discount: z
    .object({ percent: z.number(), cents: z.number().int() })
    .optional()
    .meta({ description: 'A company member’s discount (decision 0150), already taken off price_cents: its percent and what it takes off' }),
  night: z.boolean(),
  holiday: z.boolean(),
  hire: z
    .object({
      billed_hours: z.number().meta({ description: 'Hours billed: at least the rate’s minimum (by the day: 8 per day)' }),
      billed_days: z.number().int(),
      km_included: z.number().meta({ description: 'Km included in the price; each km beyond is billed at the end' }),
      price_per_extra_km_cents: z.number().int(),
      day_rate_applied: z.boolean().meta({ description: 'The day rate capped the hourly price (or priced the days)' }),
      night_surcharge_cents: z.number().int(),
    })
    .optional()
    .meta({ description: 'A hire by the hour or by the day: what its price includes (issue 22)' }),
});
export type CarOffer = z.infer<typeof CarOffer>;

/**
 * The way forward when the list has nothing to book (decision 0100): the company's phone and
 * WhatsApp, and the cars that together would take a party no single car can.
 */
export const StepTwoContact = z.object({
  offered: z.boolean().meta({ description: 'True when no car can be chosen: the page offers a call or a WhatsApp message with the trip' }),
  party_too_large: z.boolean().meta({ description: 'No car of the fleet takes the whole party (people or luggage)' }),
  split: z
    .array(z.object({ id: z.number().int(), name: z.string(), seats: z.number().int(), packages: z.number().int() }))
    .meta({ description: 'Cars that together take the party, largest first; empty when one car is enough or the fleet is not' }),
});
export type StepTwoContact = z.infer<typeof StepTwoContact>;

export const StepTwoResponse = z.object({
  booking: BookingSummary,
  cars: z.array(CarOffer).meta({
    description: 'For a customer, cars without a price for this trip (no_season, no_pricing_band) are left out; an admin sees them with the reason',
  }),
  contact: StepTwoContact,
});
export type StepTwoResponse = z.infer<typeof StepTwoResponse>;

export const CarSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  model: z.string(),
  img_url: z.string().nullable(),
  seats: z.number().int(),
  packages: z.number().int(),
});
export type CarSummary = z.infer<typeof CarSummary>;

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
export type BookingInfo = z.infer<typeof BookingInfo>;

export const Contact = z.object({ fullName: z.string(), email: z.string(), phone: z.string() });
export type Contact = z.infer<typeof Contact>;

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
  source: PriceSource,
  customer: Contact.extend({
    smsConsent: z.boolean().meta({ description: 'Whether the account agreed to get texts about its bookings (the profile’s choice, decision 0130)' }),
  }).meta({ description: 'Defaults for the form: what was saved on the booking, else the account profile' }),
  info: BookingInfo.meta({ description: 'The confirmation fields saved so far (nulls before the first confirmation)' }),
  waiting_minutes: z.number().int().meta({ description: 'Waiting time included at the pickup, by its kind of place (configuration)' }),
  return_waiting_minutes: z.number().int().meta({ description: 'Waiting time included at the return pickup (the destination)' }),
  free_cancellation_until: z.string().meta({
    format: 'date-time',
    description: 'Cancelling before this instant (48 h before pickup) is free; later, the deposit is kept',
  }),
  billing: BillingDetails.nullable().optional().meta({
    description: 'Who the invoices will be made out to (decision 0134): saved on the booking, else the company booked for, else the profile’s',
  }),
  company: z
    .object({ id: z.number().int(), legalName: z.string(), purchaseOrderRequired: z.boolean(), costCentres: z.array(z.string()).optional() })
    .nullable()
    .optional()
    .meta({ description: 'The company the account books for: the booking is made in its name' }),
});
export type StepThreeResponse = z.infer<typeof StepThreeResponse>;

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
  on_account: z.boolean().meta({ description: 'On a company’s account (decision 0142): billed on its monthly statement, no deposit' }),
  distance_km: z.number(),
  return_rent: z.boolean(),
  serviceType: ServiceType,
  // A hire's length and end, for the lists ("Mes réservations"): the same values as the summary's.
  ...HireSummaryFields.pick({ hours: true, days: true, hasDropOff: true, endsAt: true }).shape,
});
export type BookingListItem = z.infer<typeof BookingListItem>;

/** Cursor paging of booking lists: `after` is the previous page's `nextCursor`. */
export const PageQuery = z.object({
  after: z.string().max(200).optional().meta({ description: 'nextCursor of the previous page' }),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type PageQuery = z.infer<typeof PageQuery>;

export const BookingPage = z.object({
  data: z.array(BookingListItem),
  nextCursor: z.string().nullable().meta({ description: 'Pass as `after` for the next page; null on the last page' }),
});
export type BookingPage = z.infer<typeof BookingPage>;

export const BookingDetails = BookingSummary.extend({
  customer: z
    .object({
      /** Null for a visitor's quote no account has claimed yet (decision 0092). */
      id: z.number().int().nullable(),
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
  driver_id: z.number().int().nullable().meta({ description: 'The chauffeur assigned (PUT /api/booking/assign/{id}), if any' }),
  one_way_cents: z.number().int().nullable().meta({ description: 'One leg before the holiday surcharge' }),
  holiday_surcharge_cents: z.number().int().nullable(),
  total: z.number().nullable(),
  total_cents: z.number().int().nullable(),
  deposit: z.number().nullable(),
  payment_method: PaymentMethod.nullable(),
  rejection_reason: z.string().nullable(),
  info: BookingInfo,
  flight: BookingFlight.nullable(),
  return_flight: BookingFlight.nullable().meta({ description: 'The return’s followed flight, when the return is picked up at an airport (decision 0171)' }),
  created_at: z.string().meta({ format: 'date-time' }),
  updated_at: z.string().meta({ format: 'date-time' }),
  history: z.array(
    z.object({
      from_status: BookingStatus.nullable(),
      to_status: BookingStatus,
      actor_user_id: z.number().int().nullable(),
      actor_kind: z.string().meta({ description: 'customer, admin, system (payment provider) or driver (mission link)' }),
      reason: z.string().nullable(),
      mission_status: MissionStatus.nullable().meta({ description: 'A chauffeur’s mission step (en_route, on_site, on_board, done), if this entry is one' }),
      manual_price_cents: z.number().int().nullable().meta({ description: 'A total the company set by hand with this change (its reason in `reason`), decision 0119' }),
      list_price_cents: z.number().int().nullable().meta({ description: 'The server’s price the manual total replaced' }),
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
  refunds: z
    .array(
      z.object({
        id: z.string().meta({ description: 'The line: `refund-<id>` (decision 0152)' }),
        payment_id: z.number().int(),
        cause: z.enum(['cancellation', 'change', 'company']).meta({ description: 'A cancellation’s, a lower price’s, or one the company gave later' }),
        method: PaymentMethod.meta({ description: 'Through what it is given back: Stripe, PayPal, or cash handed back by the company' }),
        amount_cents: z.number().int(),
        status: z.enum(['pending', 'refunded', 'by_hand']).meta({
          description: 'pending: asked of the provider, its refund job not done yet; by_hand: the provider could not give it back, the company must',
        }),
        settled_by_hand: z.boolean().meta({ description: 'Refunded by the company itself, not through the provider' }),
        requested_at: z.string().meta({ format: 'date-time' }),
        refunded_at: z.string().nullable().meta({ format: 'date-time' }),
      }),
    )
    .meta({ description: 'Every refund of the booking’s payments, one line each (decisions 0121, 0152): a payment may have several' }),
  settlement: BookingSettlement,
  documents: z
    .array(
      z.object({
        kind: z.enum(['voucher', 'receipt', 'invoice', 'credit_note']),
        number: z.string(),
        issued_at: z.string().meta({ format: 'date-time' }),
      }),
    )
    .meta({
      description:
        'Issued so far, in order: the voucher (latest version), the receipts, the invoice, the credit notes (decisions 0087, 0088, 0162); each downloads by its number',
    }),
  invoice_lines: z
    .array(InvoiceLine)
    .nullable()
    .meta({ description: 'A hire’s invoice lines once invoiced (decision 0137): the service, then overtime and extra km with their reason; null before, and for a transfer' }),
  deposit_due_online: z
    .object({
      amount_cents: z.number().int(),
      difference: z.boolean().meta({ description: 'True for a paid booking’s difference after a higher price (decision 0152), false for the deposit' }),
    })
    .nullable()
    .meta({ description: 'What a new deposit link would ask now (decision 0177), by the same rule as POST …/deposit-link/{id}; null when nothing is to be paid online' }),
});
export type BookingDetails = z.infer<typeof BookingDetails>;

/**
 * A customer's own booking, as "Mes réservations" shows it (decision 0091): the details, the
 * chauffeur once assigned, and what cancelling would cost now.
 */
export const CustomerBookingDetails = BookingDetails.extend({
  chauffeur: z.object({ fullName: z.string(), phone: z.string() }).nullable().meta({ description: 'Once the company assigned one' }),
  cancellation: z
    .object({
      allowed: z.boolean().meta({ description: 'The booking can still be cancelled (not ended, not completed, rejected or cancelled)' }),
      free: z.boolean().meta({ description: 'Cancelling now is free (more than 48 h before pickup)' }),
      free_until: z.string().meta({ format: 'date-time', description: 'Pickup minus 48 h' }),
      deposit_paid: z.boolean().meta({ description: 'A deposit was paid: refunded if free, kept otherwise' }),
    })
    .meta({ description: 'The policy applied if the customer cancels now' }),
});
export type CustomerBookingDetails = z.infer<typeof CustomerBookingDetails>;

export const CustomerBookingDetailsResponse = z.object({ data: CustomerBookingDetails });
export type CustomerBookingDetailsResponse = z.infer<typeof CustomerBookingDetailsResponse>;

/** The answer to an admin's decision: the booking's new status. */
export const BookingStatusResponse = z.object({ message: z.string(), data: z.object({ id: z.number().int(), status: BookingStatus }) });
export type BookingStatusResponse = z.infer<typeof BookingStatusResponse>;

/** The answer to a customer's cancel: free, or with the paid deposit kept. */
export const CancelBookingResponse = z.object({
  message: z.string(),
  data: z.object({
    id: z.number().int(),
    status: z.literal('cancelled'),
    free: z.boolean(),
    depositKept: z.boolean(),
    refunded: z.boolean().meta({ description: 'A card deposit is being refunded (free cancellation of a paid booking)' }),
  }),
});
export type CancelBookingResponse = z.infer<typeof CancelBookingResponse>;

/** What the deposit link shows (`POST /api/booking/payment/checkout/{id}`). */
export const Checkout = z.object({
  booking: BookingSummary,
  car: CarSummary.nullable(),
  total: z.number(),
  total_cents: z.number().int(),
  deposit: z.number().meta({ description: '20 % of the total, EUR' }),
  deposit_cents: z.number().int(),
  balance: z.number().meta({ description: 'Paid to the driver, EUR' }),
  balance_cents: z.number().int(),
  payment_method: z.enum(['cash', 'stripe', 'paypal']).nullable().meta({ description: 'Preference given at step three' }),
  stripeEnabled: z.boolean().meta({ description: 'False: the card tile says card payment is not available' }),
  paypalEnabled: z.boolean().meta({ description: 'False: the PayPal tile says PayPal is not available' }),
});
export type Checkout = z.infer<typeof Checkout>;

export const CheckoutResponse = z.object({ data: Checkout });
export type CheckoutResponse = z.infer<typeof CheckoutResponse>;

/** A Stripe Checkout page opened for the deposit: the browser goes to `url`. */
export const CardPaymentResponse = z.object({ url: z.string() });
export type CardPaymentResponse = z.infer<typeof CardPaymentResponse>;
