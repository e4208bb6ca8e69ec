import { makeUpdateBookingInfoBody } from '@vtc/shared/booking/booking-info-schemas';
import type { DefaultValues } from 'react-hook-form';
import type { z } from 'zod';
import type { StepThreeResponse } from '@vtc/shared/booking/booking-responses';

/**
 * The step-three schema, checking the return against this booking's pickup (decision 0015) and
 * asking for the flight number of a pickup at an airport, as the API does.
 */
export function confirmationSchema(booking: Pick<StepThreeResponse, 'pickup_at' | 'rent_from_type' | 'rent_to_type'>) {
  return makeUpdateBookingInfoBody({ pickupAt: new Date(booking.pickup_at), pickupType: booking.rent_from_type, returnPickupType: booking.rent_to_type });
}

export type ConfirmationSchema = ReturnType<typeof confirmationSchema>;
export type ConfirmationInput = z.input<ConfirmationSchema>;
export type ConfirmationOutput = z.output<ConfirmationSchema>;

const text = (value: string | null | undefined) => value ?? '';

/** The form's first values: what the booking already holds, else the customer's profile. */
export function confirmationDefaults(booking: StepThreeResponse): DefaultValues<ConfirmationInput> {
  const { info, customer } = booking;
  return {
    bookingId: booking.id,
    fullName: customer.fullName,
    email: customer.email,
    phone: customer.phone,
    // The profile's answer, asked again here (decision 0130).
    smsConsent: customer.smsConsent,
    state: text(info.state),
    method: info.method ?? undefined,
    rentFromType: booking.rent_from_type,
    rentToType: booking.rent_to_type,
    address: text(info.address),
    city: text(info.city),
    arriveTime: text(info.arriveTime),
    trainNumber: text(info.trainNumber),
    flightNumber: text(info.flightNumber),
    arriveFrom: text(info.arriveFrom),
    signName: customer.fullName,
    message: text(info.message),
    returnRent: info.returnRent,
    date: text(info.date),
    returnAddress: text(info.returnAddress),
    returnCity: text(info.returnCity),
    returnArriveTime: text(info.returnArriveTime),
    returnArriveFrom: text(info.returnArriveFrom),
    returnTrainNumber: text(info.returnTrainNumber),
    returnFlightNumber: text(info.returnFlightNumber),
    // The company on the invoices (decision 0134): the booking's, the company booked for, or the profile's; none is null.
    billing: booking.billing
      ? {
          companyName: booking.billing.companyName,
          address: booking.billing.address,
          siren: text(booking.billing.siren),
          vatNumber: text(booking.billing.vatNumber),
          purchaseOrder: text(booking.billing.purchaseOrder),
        }
      : null,
    // A member's booking (decisions 0141, 0142): on account, for themself until they name a guest.
    ...(booking.company
      ? {
          method: info.method ?? 'cash',
          passenger: null,
          reference: text(booking.billing?.purchaseOrder),
          costCenter: '',
          showPrice: true,
        }
      : {}),
  };
}

/** The billing fields of a customer who starts naming a company at step three. */
export const EMPTY_BILLING = { companyName: '', address: '', siren: '', vatNumber: '', purchaseOrder: '' } as const;

/** The body of PUT update-booking-info: the parsed form plus bookingId (returnAt is the server's to compute). */
export function toUpdateBookingInfoPayload(body: ConfirmationOutput): Record<string, unknown> {
  const { returnAt: _returnAt, ...payload } = body;
  return payload;
}
