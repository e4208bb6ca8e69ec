import { z } from 'zod';
import { message } from '../i18n/error-messages.ts';
import type { Party } from '../pricing/check-car-fits.ts';
import { LOCATION_MODES, resolveFixedPlace } from '../places/fixed-places.ts';
import { isPickupTimeValid, parseParisDateTimeLocal, toParisDateTimeLocal } from '../time/paris-time.ts';
import {
  blankToUndefined,
  booleanField,
  idField,
  integerField,
  jsonField,
  optionalIdField,
  optionalText,
  requiredText,
  toNumberInput,
  whenFieldsValid,
} from '../validation/form-fields.ts';
import { DEFAULT_HIRE_LIMITS, ServiceType, type HireLimits } from './service-types.ts';

/** A hire error's reference with its parameters; its words are in hire-messages.ts, loaded with the hire form (decision 0143). */
function hireMessage(key: 'hours_out_of_range' | 'hours_step' | 'days_out_of_range', params: Record<string, number>): string {
  return `${key}?${new URLSearchParams(Object.entries(params).map(([name, value]): [string, string] => [name, String(value)])).toString()}`;
}

export const MAX_STOPS = 5;
export const MAX_PER_PARTY_FIELD = 8;

export const LocationMode = z.enum(LOCATION_MODES, { error: 'invalid_value' });
export type LocationMode = z.infer<typeof LocationMode>;

export const PAYMENT_METHODS = ['cash', 'stripe', 'paypal'] as const;
export const PaymentMethod = z.enum(PAYMENT_METHODS, { error: 'payment_method_required' });
export type PaymentMethod = z.infer<typeof PaymentMethod>;

const Latitude = z.number({ error: 'invalid_value' }).min(-90, 'invalid_value').max(90, 'invalid_value');
const Longitude = z.number({ error: 'invalid_value' }).min(-180, 'invalid_value').max(180, 'invalid_value');

/**
 * A place as the picker sends it. `type` defaults to the field's rentFromType/rentToType (origin,
 * destination) or 'address' (stops). For airport, station and town, the place must be one of the
 * fixed list, found by `placeId` (the fixed place id) or else by its title in any language; its
 * coordinates are filled in. For an address, `placeId` is the maps provider's id, if any.
 */
export const PlaceInput = z.object(
  {
    title: requiredText(300),
    type: LocationMode.optional(),
    lat: Latitude.optional(),
    lon: Longitude.optional(),
    placeId: optionalText(300),
  },
  { error: (issue) => (issue.input === undefined ? 'required' : 'invalid_value') },
);
export type PlaceInput = z.infer<typeof PlaceInput>;

/** A place after parsing: its mode is always set; fixed places carry their id and coordinates. */
export interface BookingPlace {
  title: string;
  type: LocationMode;
  lat?: number | undefined;
  lon?: number | undefined;
  placeId?: string | undefined;
}

/** A place given as plain text (the legacy client) or as an object; blank text is missing. */
export const placeField = () =>
  z.preprocess(
    (value: string | z.input<typeof PlaceInput>) => {
      const blank = blankToUndefined(value);
      return typeof blank === 'string' ? { title: blank } : blank;
    },
    PlaceInput,
  );

/** A stop of the collapsible stops section; `id` is the form's own key for add and delete. */
export const StopInput = PlaceInput.extend({
  id: z.union([z.string().max(100), z.number()], { error: 'invalid_value' }).optional(),
});
export type StopInput = z.infer<typeof StopInput>;

export const Passengers = z.object({
  adults: integerField(1, MAX_PER_PARTY_FIELD).default(1),
  children: integerField(0, MAX_PER_PARTY_FIELD).default(0),
  childrenSeat: integerField(0, MAX_PER_PARTY_FIELD).default(0),
}, { error: 'invalid_value' });
export type Passengers = z.infer<typeof Passengers>;

export const Packages = z.object({
  under10kg: integerField(0, MAX_PER_PARTY_FIELD).default(0),
  above10kg: integerField(0, MAX_PER_PARTY_FIELD).default(0),
  above30kg: integerField(0, MAX_PER_PARTY_FIELD).default(0),
}, { error: 'invalid_value' });
export type Packages = z.infer<typeof Packages>;

/** The party a car must take, from the parsed passengers and packages. */
export function bookingParty(body: { passengers: Passengers; packages: Packages }): Party {
  return { adults: body.passengers.adults, children: body.passengers.children, luggage: body.packages };
}

/** Resolves a place's mode and, for fixed modes, its fixed-list entry; null when not in the list. */
export function resolvePlace(place: PlaceInput, fallbackType: LocationMode): BookingPlace | null {
  const type = place.type ?? fallbackType;
  if (type === 'address') return { ...place, type };
  const fixed = resolveFixedPlace(type, place);
  return fixed ? { ...place, type, placeId: fixed.id, lat: fixed.lat, lon: fixed.lon } : null;
}

/** A required `datetime-local` text read as Paris wall time; output is the normalized text. */
export const parisDateTimeField = () =>
  requiredText(40).refine((value) => parseParisDateTimeLocal(value) !== null, 'invalid_date');

export interface BookingSchemaOptions {
  /** The clock for the 2-hour lead time; tests pass a fixed one. */
  now?: () => Date;
  /** How long a hire may be (the public configuration's `hire`); default DEFAULT_HIRE_LIMITS. */
  hireLimits?: HireLimits;
}

/** Longest programme (places to visit) of a hire or a tour. */
export const PROGRAMME_MAX = 2000;

/** An optional number given as a number or numeric text; blank, null or missing gives undefined. */
const optionalNumber = () =>
  z.preprocess(
    (value: number | string | null | undefined) => toNumberInput(value),
    z.number({ error: 'invalid_number' }).optional(),
  );

interface HireFields {
  serviceType: ServiceType;
  hours?: number | undefined;
  days?: number | undefined;
  tourId?: number | undefined;
  programme?: string | undefined;
  destination?: unknown;
  stop: readonly unknown[];
  europe: boolean;
}

/**
 * The fields each service needs (issue 22): a transfer its destination; a hire by the hour its
 * hours (limits and step from the configuration), by the day its days, a tour its tour. Fields of
 * another service, stops and the Europe option are refused on a hire: a hire is one block of time.
 */
function checkService(limits: HireLimits) {
  return (body: HireFields, ctx: z.RefinementCtx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
    const { serviceType, hours, days } = body;
    if (serviceType === 'transfer') {
      if (body.destination === undefined) issue('destination', 'required');
      for (const field of ['hours', 'days', 'tourId', 'programme'] as const) if (body[field] !== undefined) issue(field, 'invalid_value');
      return;
    }
    if (body.stop.length > 0) issue('stop', 'invalid_value');
    if (body.europe) issue('europe', 'invalid_value');
    if (serviceType !== 'tour' && body.tourId !== undefined) issue('tourId', 'invalid_value');
    if (serviceType === 'tour') {
      if (body.tourId === undefined) issue('tourId', 'tour_required');
      if (hours !== undefined) issue('hours', 'invalid_value');
      if (days !== undefined) issue('days', 'invalid_value');
      return;
    }
    if (hours !== undefined && days !== undefined) return issue(serviceType === 'hourly' ? 'days' : 'hours', 'hours_and_days');
    if (serviceType === 'hourly') {
      if (hours === undefined) return issue('hours', 'hours_required');
      if (hours < limits.minHours || hours > limits.maxHours) return issue('hours', hireMessage('hours_out_of_range', { min: limits.minHours, max: limits.maxHours }));
      const minutes = hours * 60;
      if (Math.abs(minutes - Math.round(minutes)) > 1e-6 || Math.round(minutes) % limits.stepMinutes !== 0) {
        issue('hours', hireMessage('hours_step', { step: limits.stepMinutes }));
      }
      return;
    }
    if (days === undefined) return issue('days', 'days_required');
    if (!Number.isInteger(days) || days < 1 || days > limits.maxDays) issue('days', hireMessage('days_out_of_range', { max: limits.maxDays }));
  };
}

/**
 * Step one (POST /user/booking/add). Field names follow the form of spec section 3: origin,
 * destination, stop, rentFromType, rentToType, date, passengers, packages (+ europe, the Europe
 * option). passengers and packages may be JSON text (the contract) or objects; numbers may be
 * text. Output: places resolved (see PlaceInput), rentFromType/rentToType equal to the places'
 * modes, `pickupAt` the instant of `date` on Paris clocks, at least 2 hours from now.
 *
 * A hire (issue 22): `serviceType` hourly with `hours`, daily with `days`, or tour with `tourId`,
 * an optional `programme`; its `destination` (the drop-off) is optional. Output adds
 * `hireMinutes` (hourly; a tour's is filled by the server from the tour) and `hireDays` (daily).
 */
export function makeCreateBookingBody({ now = () => new Date(), hireLimits = DEFAULT_HIRE_LIMITS }: BookingSchemaOptions = {}) {
  return z
    .object({
      serviceType: ServiceType.default('transfer'),
      origin: placeField(),
      destination: placeField().optional(),
      stop: jsonField(z.array(StopInput, { error: 'invalid_value' }).max(MAX_STOPS, message('stops_max', { max: MAX_STOPS }))).default([]),
      rentFromType: LocationMode.default('address'),
      rentToType: LocationMode.default('address'),
      europe: booleanField(),
      date: parisDateTimeField(),
      passengers: jsonField(Passengers).default({ adults: 1, children: 0, childrenSeat: 0 }),
      packages: jsonField(Packages).default({ under10kg: 0, above10kg: 0, above30kg: 0 }),
      hours: optionalNumber(),
      days: optionalNumber(),
      tourId: optionalIdField(),
      programme: optionalText(PROGRAMME_MAX),
    })
    .superRefine(checkService(hireLimits), whenFieldsValid('serviceType', 'hours', 'days', 'tourId', 'programme', 'destination', 'stop', 'europe'))
    .superRefine((body, ctx) => {
      if (body.passengers.childrenSeat > body.passengers.children) {
        ctx.addIssue({ code: 'custom', message: 'child_seats_exceed_children', path: ['passengers', 'childrenSeat'] });
      }
    }, whenFieldsValid('passengers'))
    .refine((body) => isPickupTimeValid(parseParisDateTimeLocal(body.date)!, now()), {
      message: 'time_not_valid',
      path: ['date'],
      ...whenFieldsValid('date'),
    })
    .transform((body, ctx) => {
      // An unknown fixed place adds an issue, which fails the parse: the output is never used.
      const place = (input: PlaceInput, fallback: LocationMode, path: (string | number)[]): BookingPlace => {
        const resolved = resolvePlace(input, fallback);
        if (resolved) return resolved;
        ctx.addIssue({ code: 'custom', message: 'place_unknown', path, input });
        return { ...input, type: input.type ?? fallback };
      };
      const origin = place(body.origin, body.rentFromType, ['origin']);
      const destination = body.destination === undefined ? undefined : place(body.destination, body.rentToType, ['destination']);
      const stop = body.stop.map((s, index) => ({ ...(s.id === undefined ? {} : { id: s.id }), ...place(s, 'address', ['stop', index]) }));
      const pickupAt = parseParisDateTimeLocal(body.date)!;
      const { serviceType } = body;
      return {
        ...body,
        origin,
        destination,
        stop,
        rentFromType: origin.type,
        // A hire without a drop-off ends where it started.
        rentToType: destination?.type ?? origin.type,
        date: toParisDateTimeLocal(pickupAt),
        pickupAt,
        hours: serviceType === 'hourly' ? body.hours : undefined,
        days: serviceType === 'daily' ? body.days : undefined,
        tourId: serviceType === 'tour' ? body.tourId : undefined,
        programme: serviceType === 'transfer' ? undefined : body.programme,
        /** Hourly: hours x 60; a tour's is filled by the server from the tour. */
        hireMinutes: serviceType === 'hourly' && body.hours !== undefined ? Math.round(body.hours * 60) : undefined,
        hireDays: serviceType === 'daily' ? body.days : undefined,
      };
    });
}

// Types only: each user builds the schema with its own clock and hire limits (the API's route, the
// form's resolver); one built here, at import, would cost the home page's form a second build.
export type CreateBookingBody = z.infer<ReturnType<typeof makeCreateBookingBody>>;
/** What the form holds before parsing (for `useForm<CreateBookingInput, unknown, CreateBookingBody>`). */
export type CreateBookingInput = z.input<ReturnType<typeof makeCreateBookingBody>>;

/** Response of POST /user/booking/add (spec section 3). */
export const CreateBookingResponse = z.object({
  isBooked: z.boolean(),
  bookingId: z.number().int().optional(),
  /** A visitor's quote only: the random token that alone reaches the draft (header X-Quote-Token). */
  quoteToken: z.string().optional(),
  errorMessage: z.string().optional(),
});
export type CreateBookingResponse = z.infer<typeof CreateBookingResponse>;

/** Body of PUT /user/booking/update-car/{bookingId}/{carId}. */
export const UpdateCarBody = z.object({ bookingId: idField(), carId: idField() });
export type UpdateCarBody = z.infer<typeof UpdateCarBody>;
