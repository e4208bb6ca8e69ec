import { zodResolver } from '@hookform/resolvers/zod';
import {
  LocationMode,
  makeCreateBookingBody,
  MAX_PER_PARTY_FIELD,
  type CreateBookingBody,
  type CreateBookingInput,
} from '@vtc/shared/booking/booking-schemas';
import { DEFAULT_HIRE_LIMITS, SERVICE_TYPES, type HireLimits, type ServiceType } from '@vtc/shared/booking/service-types';
import type { FieldError, FieldErrors, Resolver, ResolverOptions, ResolverResult } from 'react-hook-form';
import { z } from 'zod';
import type { PickedPlace } from '../../components/trip/location-picker';
import type { CreateBookingPayload } from './booking-api';

/** A stop of the form; `id` keys the row for add and delete (kept in the payload, decision 0014). */
export interface StopValue extends PickedPlace {
  id: string;
}

/**
 * What the home form holds for every service at once (issue 22): switching service keeps what
 * was typed for the others; `toCreateBookingInput` sends only the chosen service's fields.
 */
export interface BookingFormValues {
  serviceType: ServiceType;
  /** Transfer and hire: the pickup place. */
  origin: PickedPlace;
  /** Transfer: the arrival; hire: the drop-off, sent only when `dropOff` is on and filled. */
  destination: PickedPlace;
  stop: StopValue[];
  europe: boolean;
  date: string;
  passengers: { adults: number; children: number; childrenSeat: number };
  packages: { under10kg: number; above10kg: number; above30kg: number };
  /** Hire by the hour: its length in hours (steps of the configuration's minutes). */
  hours: number;
  /** Hire by the day: how many days. */
  days: number;
  /** Hire: the car leaves the customer somewhere else than the pickup. */
  dropOff: boolean;
  /** Hire: places to visit, free text. */
  programme: string;
  /** Tour: the tour chosen, and the departure place chosen among its own. */
  tourId: number | null;
  tourDeparture: PickedPlace | null;
}

export const EMPTY_BOOKING_FORM: BookingFormValues = {
  serviceType: 'transfer',
  origin: { title: '', type: 'address' },
  destination: { title: '', type: 'address' },
  stop: [],
  europe: false,
  date: '',
  passengers: { adults: 1, children: 0, childrenSeat: 0 },
  packages: { under10kg: 0, above10kg: 0, above30kg: 0 },
  hours: DEFAULT_HIRE_LIMITS.minHours,
  days: 1,
  dropOff: false,
  programme: '',
  tourId: null,
  tourDeparture: null,
};

/** Hire by the hour or by the day: the two services of the "Mise à disposition" tab (a tour has its own). */
export const isHire = (service: ServiceType): service is 'hourly' | 'daily' => service === 'hourly' || service === 'daily';

/** The fields of each service in the order the form shows them: the first failing one is the one shown (spec §5). */
const FIELD_ORDERS = {
  transfer: ['serviceType', 'origin', 'stop', 'destination', 'date', 'passengers', 'packages', 'europe'],
  hourly: ['serviceType', 'origin', 'hours', 'days', 'date', 'destination', 'programme', 'passengers', 'packages', 'stop', 'europe'],
  daily: ['serviceType', 'origin', 'hours', 'days', 'date', 'destination', 'programme', 'passengers', 'packages', 'stop', 'europe'],
  tour: ['serviceType', 'tourId', 'origin', 'date', 'passengers', 'packages', 'destination', 'stop', 'europe', 'programme', 'hours', 'days'],
} as const satisfies Record<ServiceType, readonly string[]>;
export type BookingField = (typeof FIELD_ORDERS)[ServiceType][number];

/** The shared schema's input for the chosen service: the other services' fields stay home. */
export function toCreateBookingInput(values: BookingFormValues): CreateBookingInput {
  const party = { date: values.date, passengers: values.passengers, packages: values.packages };
  switch (values.serviceType) {
    case 'hourly':
    case 'daily': {
      const dropOff = values.dropOff && values.destination.title.trim() !== '';
      return {
        serviceType: values.serviceType,
        origin: values.origin,
        rentFromType: values.origin.type,
        ...(dropOff ? { destination: values.destination, rentToType: values.destination.type } : {}),
        ...(values.serviceType === 'hourly' ? { hours: values.hours } : { days: values.days }),
        ...(values.programme.trim() ? { programme: values.programme } : {}),
        ...party,
      };
    }
    case 'tour':
      return {
        serviceType: 'tour',
        ...(values.tourId === null ? {} : { tourId: values.tourId }),
        // No departure chosen: blank, which the schema refuses as missing (on `origin`).
        origin: values.tourDeparture ?? '',
        rentFromType: values.tourDeparture?.type ?? 'address',
        ...party,
      };
    default:
      return {
        origin: values.origin,
        destination: values.destination,
        stop: values.stop,
        rentFromType: values.origin.type,
        rentToType: values.destination.type,
        europe: values.europe,
        ...party,
      };
  }
}

const resolvers = new Map<string, Resolver<CreateBookingInput, unknown, CreateBookingBody>>();

/**
 * The shared schema judges the form, with the hire limits the API applies (public config), so
 * the browser refuses what the API refuses, with the same keys. The schema is built at the form's
 * first check, not with the form: the home's first screen does not wait for it (docs/decisions/0163).
 */
export function bookingFormResolver(limits: HireLimits = DEFAULT_HIRE_LIMITS): Resolver<BookingFormValues, unknown, CreateBookingBody> {
  const key = JSON.stringify(limits);
  return async (values, context, options) => {
    let resolve = resolvers.get(key);
    if (!resolve) {
      resolve = zodResolver(makeCreateBookingBody({ hireLimits: limits }));
      resolvers.set(key, resolve);
    }
    const result = await resolve(toCreateBookingInput(values), context, options as unknown as ResolverOptions<CreateBookingInput>);
    // Every error path of the schema (origin.title, stop.0.title, hours, tourId, date) is a field of the form too.
    return result as unknown as ResolverResult<BookingFormValues, CreateBookingBody>;
  };
}

/** The body of POST /user/booking/add: passengers and packages as JSON text (spec §3), the service's own fields. */
export function toCreateBookingPayload(body: CreateBookingBody): CreateBookingPayload {
  const common = {
    origin: body.origin,
    rentFromType: body.rentFromType,
    date: body.date,
    passengers: JSON.stringify(body.passengers),
    packages: JSON.stringify(body.packages),
  };
  switch (body.serviceType) {
    case 'hourly':
    case 'daily':
      return {
        ...common,
        serviceType: body.serviceType,
        ...(body.destination ? { destination: body.destination, rentToType: body.rentToType } : {}),
        ...(body.serviceType === 'hourly' ? { hours: body.hours } : { days: body.days }),
        ...(body.programme ? { programme: body.programme } : {}),
      };
    case 'tour':
      return { ...common, serviceType: 'tour', tourId: body.tourId };
    default:
      return {
        ...common,
        destination: body.destination,
        stop: body.stop,
        rentToType: body.rentToType,
        europe: body.europe,
      };
  }
}

export interface FirstError {
  field: BookingField;
  /** The stop row, for errors inside `stop`. */
  index?: number;
  /** A message key of the shared catalogue (or an already translated server message). */
  message: string;
  type: string;
}

function findMessage(node: unknown): FieldError | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const record = node as Record<string, unknown>;
  if (typeof record.message === 'string' && record.message && typeof record.type === 'string') {
    return record as unknown as FieldError;
  }
  for (const [key, child] of Object.entries(record)) {
    if (key === 'ref' || key === 'root') continue;
    const found = findMessage(child);
    if (found) return found;
  }
  return undefined;
}

/** The first error in the chosen service's form order (spec §5: only the first failing message shows). */
export function firstFormError(errors: FieldErrors<BookingFormValues>, service: ServiceType = 'transfer'): FirstError | null {
  const record = errors as Record<string, unknown>;
  for (const field of FIELD_ORDERS[service]) {
    const node = record[field];
    if (!node) continue;
    if (field === 'stop' && Array.isArray(node)) {
      for (let index = 0; index < node.length; index += 1) {
        const found = findMessage(node[index]);
        if (found?.message) return { field, index, message: found.message, type: found.type };
      }
    }
    const found = findMessage(node);
    if (found?.message) return { field, message: found.message, type: found.type };
  }
  return null;
}

const Count = z.number().int().min(0).max(MAX_PER_PARTY_FIELD);
const DraftPlace = z.object({
  title: z.string().max(300),
  type: LocationMode,
  placeId: z.string().max(300).optional(),
  lat: z.number().optional(),
  lon: z.number().optional(),
});

const BookingDraft = z.object({
  values: z.object({
    // A draft saved before hires existed has none of these: it is a transfer's.
    serviceType: z.enum(SERVICE_TYPES).default('transfer'),
    origin: DraftPlace,
    destination: DraftPlace,
    stop: z.array(DraftPlace.extend({ id: z.string().max(100) })).max(5),
    europe: z.boolean(),
    date: z.string().max(40),
    passengers: z.object({ adults: Count.min(1), children: Count, childrenSeat: Count }),
    packages: z.object({ under10kg: Count, above10kg: Count, above30kg: Count }),
    hours: z.number().min(0).max(100).default(EMPTY_BOOKING_FORM.hours),
    days: z.number().int().min(0).max(100).default(EMPTY_BOOKING_FORM.days),
    dropOff: z.boolean().default(false),
    programme: z.string().max(5000).default(''),
    tourId: z.number().int().positive().nullable().default(null),
    tourDeparture: DraftPlace.nullable().default(null),
  }),
  stopsOpen: z.boolean(),
  partyOpen: z.boolean(),
});
export type BookingDraft = z.infer<typeof BookingDraft>;

/** A draft read back from session storage, or null when it is missing or not of this shape. */
export function parseBookingDraft(raw: unknown): BookingDraft | null {
  const parsed = BookingDraft.safeParse(raw);
  return parsed.success ? parsed.data : null;
}
