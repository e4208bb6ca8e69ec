import { zodResolver } from '@hookform/resolvers/zod';
import {
  CreateBookingBody,
  LocationMode,
  MAX_PER_PARTY_FIELD,
  type CreateBookingInput,
} from '@vtc/shared/booking/booking-schemas';
import type { FieldError, FieldErrors, Resolver, ResolverOptions, ResolverResult } from 'react-hook-form';
import { z } from 'zod';
import type { PickedPlace } from '../../components/trip/location-picker';
import type { CreateBookingPayload } from './booking-api';

/** A stop of the form; `id` keys the row for add and delete (kept in the payload, decision 0014). */
export interface StopValue extends PickedPlace {
  id: string;
}

/** What the home form holds; `toCreateBookingInput` turns it into the shared schema's input. */
export interface BookingFormValues {
  origin: PickedPlace;
  destination: PickedPlace;
  stop: StopValue[];
  europe: boolean;
  date: string;
  passengers: { adults: number; children: number; childrenSeat: number };
  packages: { under10kg: number; above10kg: number; above30kg: number };
}

export const EMPTY_BOOKING_FORM: BookingFormValues = {
  origin: { title: '', type: 'address' },
  destination: { title: '', type: 'address' },
  stop: [],
  europe: false,
  date: '',
  passengers: { adults: 1, children: 0, childrenSeat: 0 },
  packages: { under10kg: 0, above10kg: 0, above30kg: 0 },
};

/** The field order of the form: the first failing one is the one shown (spec §5). */
export const FIELD_ORDER = ['origin', 'stop', 'destination', 'date', 'passengers', 'packages', 'europe'] as const;
export type BookingField = (typeof FIELD_ORDER)[number];

export function toCreateBookingInput(values: BookingFormValues): CreateBookingInput {
  return {
    origin: values.origin,
    destination: values.destination,
    stop: values.stop,
    rentFromType: values.origin.type,
    rentToType: values.destination.type,
    europe: values.europe,
    date: values.date,
    passengers: values.passengers,
    packages: values.packages,
  };
}

const schemaResolver = zodResolver(CreateBookingBody);

/** The shared schema judges the form, so the browser refuses what the API refuses, with the same keys. */
export const bookingFormResolver: Resolver<BookingFormValues, unknown, CreateBookingBody> = async (values, context, options) => {
  const result = await schemaResolver(
    toCreateBookingInput(values),
    context,
    options as unknown as ResolverOptions<CreateBookingInput>,
  );
  // Every error path of the schema (origin.title, stop.0.title, passengers.childrenSeat, date) exists in the form too.
  return result as unknown as ResolverResult<BookingFormValues, CreateBookingBody>;
};

/** The body of POST /user/booking/add: passengers and packages as JSON text (spec §3). */
export function toCreateBookingPayload(body: CreateBookingBody): CreateBookingPayload {
  return {
    origin: body.origin,
    destination: body.destination,
    stop: body.stop,
    rentFromType: body.rentFromType,
    rentToType: body.rentToType,
    date: body.date,
    passengers: JSON.stringify(body.passengers),
    packages: JSON.stringify(body.packages),
    europe: body.europe,
  };
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

/** The first error in form order (spec §5: only the first failing message shows). */
export function firstFormError(errors: FieldErrors<BookingFormValues>): FirstError | null {
  for (const field of FIELD_ORDER) {
    const node = errors[field];
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
    origin: DraftPlace,
    destination: DraftPlace,
    stop: z.array(DraftPlace.extend({ id: z.string().max(100) })).max(5),
    europe: z.boolean(),
    date: z.string().max(40),
    passengers: z.object({ adults: Count.min(1), children: Count, childrenSeat: Count }),
    packages: z.object({ under10kg: Count, above10kg: Count, above30kg: Count }),
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
