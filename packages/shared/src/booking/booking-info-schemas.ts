import { z } from 'zod';
import { Email } from '../auth/auth-schemas.ts';
import { BookingBillingBody } from '../company/company-schemas.ts';
import { guestBookingShape } from '../company/guest-schemas.ts';
import type { message } from '../i18n/error-messages.ts';
import { Phone } from '../phone/phone-number.ts';
import { isPickupTimeValid, isTimeOfDay, parseParisDateTimeLocal, toParisDateTimeLocal } from '../time/paris-time.ts';
import { blankToUndefined, booleanField, idField, optionalText, requiredText, whenFieldsValid } from '../validation/form-fields.ts';
import { LocationMode, PaymentMethod, type BookingSchemaOptions } from './booking-schemas.ts';
import { normalizeFlightNumber } from './flight-number.ts';

// Step three's form, apart from step one's (booking-schemas.ts): its e-mail and phone rules (and
// the phone library) stay out of the home page's booking form chunk (docs/decisions/0115).

export const BOOKING_MESSAGE_MAX = 255;
/** The name on the chauffeur's sign in the arrivals hall (decision 0133): a few words in large letters. */
export const SIGN_NAME_MAX = 60;

/** Whether a pickup kind gets a name sign: the arrivals hall of an airport or a station (decision 0133). */
export const hasNameSign = (pickupType: LocationMode | undefined): boolean => pickupType === 'airport' || pickupType === 'station';

/** "HH:MM" or "HH:MM:SS" (arrival time of a flight or train); blank is missing. */
export const optionalTimeField = () =>
  z.preprocess(
    (value: string | null | undefined) => blankToUndefined(value),
    z.string({ error: 'invalid_time' }).trim().refine(isTimeOfDay, 'invalid_time').optional(),
  );

/** A flight number (see `normalizeFlightNumber`), stored compact; blank is missing. */
export const optionalFlightNumberField = () =>
  z.preprocess(
    (value: string | null | undefined) => blankToUndefined(value),
    z
      .string({ error: 'invalid_value' })
      .max(20, 'flight_number_invalid')
      .transform((value, ctx) => {
        const flight = normalizeFlightNumber(value);
        if (flight === null) ctx.addIssue({ code: 'custom', message: 'flight_number_invalid', input: value });
        return flight ?? value;
      })
      .optional(),
  );

export interface UpdateBookingInfoOptions extends BookingSchemaOptions {
  /** The booking's pickup, when known: the return must be strictly after it. */
  pickupAt?: Date;
  /**
   * The booking's own pickup kinds (never the body's): a pickup at an airport requires the
   * flight number, the outbound's when `pickupType` is 'airport', the return's when
   * `returnPickupType` is and a return is booked.
   */
  pickupType?: LocationMode;
  returnPickupType?: LocationMode;
}

/** The return fields, cleared from the output when there is no return trip. */
const NO_RETURN = {
  date: undefined,
  returnAddress: undefined,
  returnCity: undefined,
  returnArriveTime: undefined,
  returnArriveFrom: undefined,
  returnTrainNumber: undefined,
  returnFlightNumber: undefined,
} as const;

/**
 * Step three (PUT /user/booking/update-booking-info/{bookingId}): the confirmation form of spec
 * section 3 plus bookingId. Contact fields and the payment method are required (the company
 * must reach the customer and know how the deposit and balance are paid); pickup details are
 * optional free text (`signName`, the name on the chauffeur's sign, is kept for an airport or
 * station pickup only, the passenger's name when blank), but for the flight number: checked and stored compact, and required for a
 * pickup at an airport (see the options). With returnRent, `date` (the return's datetime-local, Paris) is required,
 * at least 2 hours from now and after the pickup ('return_date_invalid'); without it, the return
 * fields are dropped from the output. Output adds `returnAt` (the return instant) when returnRent.
 * `billing` names a business customer's company (BookingBillingBody), null for none.
 */
export function makeUpdateBookingInfoBody({ now = () => new Date(), pickupAt, pickupType, returnPickupType }: UpdateBookingInfoOptions = {}) {
  return z
    .object({
      bookingId: idField(),
      fullName: requiredText(120),
      email: Email,
      phone: Phone,
      /** Texts about this booking to `phone` (decision 0130), remembered in the profile; absent leaves the profile's choice. */
      smsConsent: z.boolean({ error: 'invalid_value' }).optional(),
      state: optionalText(100),
      method: PaymentMethod,
      rentFromType: LocationMode.optional(),
      rentToType: LocationMode.optional(),
      address: optionalText(300),
      city: optionalText(100),
      arriveTime: optionalTimeField(),
      trainNumber: optionalText(20),
      flightNumber: optionalFlightNumberField(),
      arriveFrom: optionalText(200),
      signName: optionalText(SIGN_NAME_MAX),
      message: optionalText(BOOKING_MESSAGE_MAX),
      returnRent: booleanField(),
      date: optionalText(40),
      returnAddress: optionalText(300),
      returnCity: optionalText(100),
      returnArriveTime: optionalTimeField(),
      returnArriveFrom: optionalText(200),
      returnTrainNumber: optionalText(20),
      returnFlightNumber: optionalFlightNumberField(),
      /**
       * A business customer's company for the invoices (decision 0134): missing keeps the profile's,
       * null books as a private customer. A company member's booking is made out to the company.
       */
      billing: BookingBillingBody.nullable().optional(),
      /** A company member's booking for a guest: passenger, reference, costCenter, showPrice (decision 0141). */
      ...guestBookingShape,
    })
    .superRefine((body, ctx) => {
      const required = (path: 'flightNumber' | 'returnFlightNumber') => ctx.addIssue({ code: 'custom', message: 'flight_number_required', path: [path] });
      if (pickupType === 'airport' && body.flightNumber === undefined) required('flightNumber');
      if (body.returnRent && returnPickupType === 'airport' && body.returnFlightNumber === undefined) required('returnFlightNumber');
    }, whenFieldsValid('flightNumber', 'returnFlightNumber', 'returnRent'))
    .superRefine((body, ctx) => {
      if (!body.returnRent) return;
      const issue = (key: Parameters<typeof message>[0]) => ctx.addIssue({ code: 'custom', message: key, path: ['date'] });
      if (body.date === undefined) return issue('required');
      const returnAt = parseParisDateTimeLocal(body.date);
      if (!returnAt) return issue('invalid_date');
      if (pickupAt && returnAt.getTime() <= pickupAt.getTime()) return issue('return_date_invalid');
      if (!isPickupTimeValid(returnAt, now())) return issue('time_not_valid');
    }, whenFieldsValid('returnRent', 'date'))
    .transform((body) => {
      if (!body.returnRent) return { ...body, ...NO_RETURN, returnAt: undefined };
      const returnAt = parseParisDateTimeLocal(body.date!)!;
      return { ...body, date: toParisDateTimeLocal(returnAt), returnAt };
    });
}

export const UpdateBookingInfoBody = makeUpdateBookingInfoBody();
export type UpdateBookingInfoBody = z.infer<typeof UpdateBookingInfoBody>;
export type UpdateBookingInfoInput = z.input<typeof UpdateBookingInfoBody>;
