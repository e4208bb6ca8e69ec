import { z } from 'zod';
import { message } from '../i18n/error-messages.ts';
import { parseParisDateTimeLocal } from '../time/paris-time.ts';
import { blankToUndefined, integerField, jsonField, optionalIdField, optionalText, whenFieldsValid } from '../validation/form-fields.ts';
import { BOOKING_MESSAGE_MAX, optionalFlightNumberField, optionalTimeField } from './booking-info-schemas.ts';
import { MAX_STOPS, Packages, Passengers, StopInput, parisDateTimeField, placeField, resolvePlace, type BookingPlace, type LocationMode } from './booking-schemas.ts';

/** A customer may change their trip more than this long before pickup; later, only the flight or train and the message (decisions 12). */
export const CHANGE_NOTICE_HOURS = 48;

/** What a customer may change now: everything they may ask for, only the late fields, or nothing (the trip has begun). */
export type CustomerChangeScope = 'full' | 'late' | 'none';

export function customerChangeScope(pickupAt: Date, now: Date): CustomerChangeScope {
  const ahead = pickupAt.getTime() - now.getTime();
  if (ahead <= 0) return 'none';
  return ahead > CHANGE_NOTICE_HOURS * 3_600_000 ? 'full' : 'late';
}

/** The fields a customer may send within 48 hours of pickup. */
export const LATE_CHANGE_FIELDS = ['flightNumber', 'trainNumber', 'returnFlightNumber', 'returnTrainNumber', 'message'] as const;

/**
 * The fields a customer may send more than 48 hours before pickup: time, places, flight or train,
 * pickup details, party, message, and the return (added, moved or dropped; decision 0178).
 */
export const CUSTOMER_CHANGE_FIELDS = [
  ...LATE_CHANGE_FIELDS,
  'date',
  'origin',
  'destination',
  'stop',
  'returnRent',
  'returnDate',
  'passengers',
  'packages',
  'address',
  'city',
  'arriveTime',
  'arriveFrom',
  'returnAddress',
  'returnCity',
  'returnArriveTime',
  'returnArriveFrom',
] as const;

/** Optional, and clearable: missing leaves the value as it is, blank or null clears it. */
function clearable<T extends z.ZodType>(schema: T) {
  return z.preprocess((value: unknown) => (blankToUndefined(value) === undefined && value !== undefined ? null : value), z.union([z.null(), schema]).optional());
}

/** A checkbox that may be missing (unchanged). */
const optionalBoolean = () =>
  z.preprocess((value: unknown) => {
    if (value === '' || value === null) return undefined;
    if (typeof value !== 'string') return value;
    return ['true', 'on', '1'].includes(value.trim().toLowerCase()) ? true : ['false', 'off', '0'].includes(value.trim().toLowerCase()) ? false : value;
  }, z.boolean({ error: 'invalid_value' }).optional());

/** The largest manual price, in cents (100 000 €): a typo of a few zeros is refused. */
export const MANUAL_PRICE_MAX_CENTS = 10_000_000;

/**
 * A change of a booking (company: PUT /booking/update/{id}; customer: PUT
 * /user/booking/change/{id}, decision 0120). Every field is optional: a missing one stays as it is,
 * a blank or null detail is cleared. `date` and `returnDate` are datetime-local texts on Paris
 * clocks (output `pickupAt`, `returnAt`); places are resolved as at step one. `priceCents` is the
 * company's manual price and needs `priceReason`; `reason` is the company's reason for the change,
 * which the company's own change must give (`companyAct`; decisions 12: every such act states a
 * reason and is kept in the history).
 */
export function makeChangeBookingBody({ companyAct = false }: { companyAct?: boolean } = {}) {
  return z
    .object({
      date: parisDateTimeField().optional(),
      origin: placeField().optional(),
      destination: placeField().optional(),
      stop: jsonField(z.array(StopInput, { error: 'invalid_value' }).max(MAX_STOPS, message('stops_max', { max: MAX_STOPS }))).optional(),
      passengers: jsonField(Passengers).optional(),
      packages: jsonField(Packages).optional(),
      returnRent: optionalBoolean(),
      returnDate: parisDateTimeField().optional(),
      address: clearable(z.string().trim().max(300, message('too_long', { max: 300 }))),
      city: clearable(z.string().trim().max(100, message('too_long', { max: 100 }))),
      arriveTime: clearable(optionalTimeField()),
      arriveFrom: clearable(z.string().trim().max(200, message('too_long', { max: 200 }))),
      flightNumber: clearable(optionalFlightNumberField()),
      trainNumber: clearable(z.string().trim().max(20, message('too_long', { max: 20 }))),
      returnAddress: clearable(z.string().trim().max(300, message('too_long', { max: 300 }))),
      returnCity: clearable(z.string().trim().max(100, message('too_long', { max: 100 }))),
      returnArriveTime: clearable(optionalTimeField()),
      returnArriveFrom: clearable(z.string().trim().max(200, message('too_long', { max: 200 }))),
      returnFlightNumber: clearable(optionalFlightNumberField()),
      returnTrainNumber: clearable(z.string().trim().max(20, message('too_long', { max: 20 }))),
      message: clearable(z.string().trim().max(BOOKING_MESSAGE_MAX, message('too_long', { max: BOOKING_MESSAGE_MAX }))),
      carId: optionalIdField(),
      priceCents: z.preprocess((value: unknown) => blankToUndefined(value), integerField(0, MANUAL_PRICE_MAX_CENTS).optional()),
      priceReason: optionalText(300),
      reason: optionalText(500),
    })
    .superRefine((body, ctx) => {
      if (body.passengers && body.passengers.childrenSeat > body.passengers.children) {
        ctx.addIssue({ code: 'custom', message: 'child_seats_exceed_children', path: ['passengers', 'childrenSeat'] });
      }
      if (body.priceCents !== undefined && body.priceReason === undefined) ctx.addIssue({ code: 'custom', message: 'price_reason_required', path: ['priceReason'] });
      if (body.returnRent === true && body.returnDate === undefined) ctx.addIssue({ code: 'custom', message: 'required', path: ['returnDate'] });
      if (companyAct && body.reason === undefined) ctx.addIssue({ code: 'custom', message: 'required', path: ['reason'] });
    }, whenFieldsValid('passengers', 'priceCents', 'priceReason', 'returnRent', 'returnDate', 'reason'))
    .transform((body, ctx) => {
      const place = (input: z.infer<typeof StopInput>, fallback: LocationMode, path: (string | number)[]): BookingPlace => {
        const resolved = resolvePlace(input, fallback);
        if (resolved) return resolved;
        ctx.addIssue({ code: 'custom', message: 'place_unknown', path, input });
        return { ...input, type: input.type ?? fallback };
      };
      return {
        ...body,
        origin: body.origin && place(body.origin, 'address', ['origin']),
        destination: body.destination && place(body.destination, 'address', ['destination']),
        stop: body.stop?.map((s, index) => place(s, 'address', ['stop', index])),
        pickupAt: body.date === undefined ? undefined : parseParisDateTimeLocal(body.date)!,
        returnAt: body.returnDate === undefined ? undefined : parseParisDateTimeLocal(body.returnDate)!,
      };
    });
}

export const ChangeBookingBody = makeChangeBookingBody();
export type ChangeBookingBody = z.infer<typeof ChangeBookingBody>;
/** The company's change (PUT /booking/update/{id}): its reason is required. */
export const CompanyChangeBookingBody = makeChangeBookingBody({ companyAct: true });
export type ChangeBookingInput = z.input<typeof ChangeBookingBody>;

/** Keys the parse adds (the instants read from `date` and `returnDate`) and the reason, which changes nothing. */
const NOT_FIELDS = new Set(['pickupAt', 'returnAt', 'reason']);

/** The fields a change sets (present, even to clear them), in its input or its parsed output. */
export function fieldsSent(body: Record<string, unknown>): string[] {
  return Object.keys(body).filter((key) => body[key] !== undefined && !NOT_FIELDS.has(key));
}

/** The company's answer to a customer's request: accept (optionally onto another car, at a manual price) or refuse with a reason. */
export const AcceptChangeRequestBody = z
  .object({
    carId: optionalIdField(),
    priceCents: z.preprocess((value: unknown) => blankToUndefined(value), integerField(0, MANUAL_PRICE_MAX_CENTS).optional()),
    priceReason: optionalText(300),
  })
  .nullish()
  .superRefine((body, ctx) => {
    if (body?.priceCents !== undefined && body.priceReason === undefined) ctx.addIssue({ code: 'custom', message: 'price_reason_required', path: ['priceReason'] });
  });
export type AcceptChangeRequestBody = z.infer<typeof AcceptChangeRequestBody>;

export const RefuseChangeRequestBody = z.object({ reason: optionalText(500) }).nullish();
export type RefuseChangeRequestBody = z.infer<typeof RefuseChangeRequestBody>;

/** What a change touches, as the mails, the drawer and the customer's page name it. */
export const CHANGE_FIELDS = [
  'pickup',
  'route',
  'return',
  'party',
  'luggage',
  'car',
  'flightNumber',
  'trainNumber',
  'pickupDetails',
  'returnDetails',
  'message',
  'price',
] as const;
export type ChangeField = (typeof CHANGE_FIELDS)[number];
