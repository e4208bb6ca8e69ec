import { z } from 'zod';
import { Email } from '../auth/auth-schemas.ts';
import { BOOKING_REFERENCE_MAX } from '../company/guest-schemas.ts';
import { LANGUAGES } from '../i18n/languages.ts';
import { Phone } from '../phone/phone-number.ts';
import { isPickupTimeValid, parseParisDateTimeLocal, toParisDateTimeLocal } from '../time/paris-time.ts';
import { blankToUndefined, booleanField, idField, optionalIdField, optionalIntegerField, optionalText, whenFieldsValid } from '../validation/form-fields.ts';
import { BOOKING_MESSAGE_MAX, optionalFlightNumberField } from './booking-info-schemas.ts';
import { makeCreateBookingBody, PaymentMethod, type BookingSchemaOptions } from './booking-schemas.ts';

// A booking the company takes by phone (issue 21, decision 0119): step one's body, the return,
// the customer (an account or a new one), the car, the payment method and an optional manual price.
// Admin only: its phone and e-mail rules stay out of the home page's chunk like step three's.

/** A manual price is whole cents between 1 € and 100 000 €. */
export const MANUAL_PRICE_MIN_CENTS = 100;
export const MANUAL_PRICE_MAX_CENTS = 10_000_000;
export const PRICE_REASON_MAX = 500;

const CustomerId = optionalIdField().meta({
  description: 'An existing account; a company member’s trip is priced and billed as the company’s (decision 0155). Without it, a phone booking’s fullName and phone (and optionally email) create one',
});

const ReturnFields = z.object({
  returnRent: booleanField(),
  /** The return's pickup, datetime-local on Paris clocks (step three's `date`; step one's `date` is the pickup). */
  returnDate: optionalText(40),
});

type ReturnInput = z.output<typeof ReturnFields> & { pickupAt: Date; serviceType: string };

/** The return must be a real time, after the pickup and 2 hours ahead, as at step three; a hire has none (one block of time). */
function checkReturn(now: () => Date) {
  return (body: ReturnInput, ctx: z.RefinementCtx) => {
    if (!body.returnRent) return;
    if (body.serviceType !== 'transfer') return ctx.addIssue({ code: 'custom', message: 'invalid_value', path: ['returnRent'] });
    const issue = (message: string) => ctx.addIssue({ code: 'custom', message, path: ['returnDate'] });
    if (body.returnDate === undefined) return issue('required');
    const returnAt = parseParisDateTimeLocal(body.returnDate);
    if (!returnAt) return issue('invalid_date');
    if (returnAt.getTime() <= body.pickupAt.getTime()) return issue('return_date_invalid');
    if (!isPickupTimeValid(returnAt, now())) return issue('time_not_valid');
  };
}

/** Output adds `returnAt`, the return's instant, or null without a return. */
function withReturnAt<T extends ReturnInput>(body: T) {
  if (!body.returnRent) return { ...body, returnDate: undefined, returnAt: null };
  const returnAt = parseParisDateTimeLocal(body.returnDate!)!;
  return { ...body, returnDate: toParisDateTimeLocal(returnAt), returnAt };
}

/** The trip of a phone booking, as priced for every car (POST /booking/add/prices). */
export function makePhoneTripBody({ now = () => new Date(), hireLimits }: BookingSchemaOptions = {}) {
  return z
    .intersection(makeCreateBookingBody({ now, hireLimits }), ReturnFields.extend({ userId: CustomerId }))
    .superRefine(checkReturn(now))
    .transform(withReturnAt);
}

export const PhoneTripBody = makePhoneTripBody();
export type PhoneTripBody = z.infer<typeof PhoneTripBody>;
export type PhoneTripInput = z.input<typeof PhoneTripBody>;

const optionalPhone = () => z.preprocess((value: string | null | undefined) => blankToUndefined(value), Phone.optional());
const optionalEmail = () => z.preprocess((value: string | null | undefined) => blankToUndefined(value), Email.optional());

const PhoneBookingFields = ReturnFields.extend({
  userId: CustomerId,
  fullName: optionalText(120),
  phone: optionalPhone(),
  email: optionalEmail(),
  language: z.enum(LANGUAGES, { error: 'invalid_value' }).optional().meta({ description: 'The customer’s language (mails, voucher); default: the account’s, else the request’s' }),
  carId: idField(),
  method: PaymentMethod,
  priceCents: optionalIntegerField(MANUAL_PRICE_MIN_CENTS, MANUAL_PRICE_MAX_CENTS).meta({ description: 'A manual total in cents, instead of the server’s price' }),
  priceReason: optionalText(PRICE_REASON_MAX),
  /** A company member's purchase order or room number (decision 0155); required when the company asks for one. */
  reference: optionalText(BOOKING_REFERENCE_MAX),
  flightNumber: optionalFlightNumberField(),
  trainNumber: optionalText(20),
  arriveFrom: optionalText(200),
  message: optionalText(BOOKING_MESSAGE_MAX),
  returnFlightNumber: optionalFlightNumberField(),
  returnTrainNumber: optionalText(20),
});

/**
 * POST /booking/add (admin): step one's fields, the return, the customer (`userId`, or `fullName`
 * and `phone` of a new one), `carId`, `method`, and `priceCents` with its `priceReason`.
 */
export function makePhoneBookingBody({ now = () => new Date(), hireLimits }: BookingSchemaOptions = {}) {
  return z
    .intersection(makeCreateBookingBody({ now, hireLimits }), PhoneBookingFields)
    .superRefine((body, ctx) => {
      const required = (path: string, message = 'required') => ctx.addIssue({ code: 'custom', message, path: [path] });
      if (body.userId === undefined) {
        if (body.fullName === undefined) required('fullName');
        if (body.phone === undefined) required('phone');
      }
      if (body.priceCents !== undefined && body.priceReason === undefined) required('priceReason', 'price_reason_required');
      // As at step three: the chauffeur follows an airport pickup's flight (decision 0102).
      if (body.rentFromType === 'airport' && body.flightNumber === undefined) required('flightNumber', 'flight_number_required');
      if (body.returnRent && body.rentToType === 'airport' && body.returnFlightNumber === undefined) required('returnFlightNumber', 'flight_number_required');
    }, whenFieldsValid('userId', 'fullName', 'phone', 'priceCents', 'priceReason', 'flightNumber', 'returnFlightNumber', 'returnRent'))
    .superRefine(checkReturn(now))
    .transform(withReturnAt);
}

export const PhoneBookingBody = makePhoneBookingBody();
export type PhoneBookingBody = z.infer<typeof PhoneBookingBody>;
export type PhoneBookingInput = z.input<typeof PhoneBookingBody>;

/**
 * The company a phone booking's customer books for (decision 0155): its discount is already off
 * the prices, the trip goes on its account (no deposit), and a purchase order may be required.
 */
export const PhoneBookingCompany = z.object({
  id: z.number().int(),
  legalName: z.string(),
  discountBasisPoints: z.number().int(),
  purchaseOrderRequired: z.boolean(),
});
export type PhoneBookingCompany = z.infer<typeof PhoneBookingCompany>;
