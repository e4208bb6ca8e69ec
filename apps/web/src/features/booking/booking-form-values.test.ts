import { describe, expect, it } from 'vitest';
import type { FieldErrors } from 'react-hook-form';
import {
  bookingFormResolver,
  EMPTY_BOOKING_FORM,
  firstFormError,
  parseBookingDraft,
  toCreateBookingPayload,
  type BookingFormValues,
} from './booking-form-values';

const options = { fields: {}, shouldUseNativeValidation: false } as const;
const inTenDays = () => `${new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10)}T10:30`;

const filled: BookingFormValues = {
  ...EMPTY_BOOKING_FORM,
  origin: { title: "Aéroport Nice Côte d'Azur", type: 'airport', placeId: 'airport-nice-cote-d-azur' },
  destination: { title: 'Monaco', type: 'address', placeId: 'city-monaco', lat: 43.7384, lon: 7.4246 },
  stop: [{ id: 'stop-1', title: 'Villefranche-sur-Mer', type: 'address', lat: 43.704, lon: 7.311 }],
  date: inTenDays(),
  passengers: { adults: 2, children: 0, childrenSeat: 0 },
  packages: { under10kg: 2, above10kg: 1, above30kg: 0 },
};

describe('bookingFormResolver', () => {
  it('refuses the empty form with the first field in form order: the departure', async () => {
    const result = await bookingFormResolver(EMPTY_BOOKING_FORM, undefined, options);
    expect(firstFormError(result.errors)).toMatchObject({ field: 'origin', message: 'required' });
  });

  it('refuses a pickup less than 2 hours ahead (time_not_valid)', async () => {
    const soon = new Date(Date.now() + 30 * 60_000);
    const parts = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Paris',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(soon);
    const get = (type: string) => parts.find((part) => part.type === type)?.value;
    const date = `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`;
    const result = await bookingFormResolver({ ...filled, date }, undefined, options);
    expect(firstFormError(result.errors)).toMatchObject({ field: 'date', message: 'time_not_valid' });
  });

  it('gives the API body: modes from the places, passengers and packages as JSON text', async () => {
    const result = await bookingFormResolver(filled, undefined, options);
    expect(result.errors).toEqual({});
    const payload = toCreateBookingPayload(result.values as Parameters<typeof toCreateBookingPayload>[0]);
    expect(payload.rentFromType).toBe('airport');
    expect(payload.rentToType).toBe('address');
    expect(payload.stop).toHaveLength(1);
    expect(JSON.parse(payload.passengers)).toEqual({ adults: 2, children: 0, childrenSeat: 0 });
    expect(JSON.parse(payload.packages)).toEqual({ under10kg: 2, above10kg: 1, above30kg: 0 });
  });
});

describe('firstFormError', () => {
  it('follows the form order (departure, stops, arrival, date) and names the stop row', () => {
    const errors = {
      destination: { title: { type: 'too_small', message: 'required' } },
      date: { type: 'custom', message: 'time_not_valid' },
      stop: [undefined, { title: { type: 'too_small', message: 'required' } }],
    } as unknown as FieldErrors<BookingFormValues>;
    expect(firstFormError(errors)).toEqual({ field: 'stop', index: 1, message: 'required', type: 'too_small' });
  });

  it('is null without errors', () => {
    expect(firstFormError({})).toBeNull();
  });
});

describe('parseBookingDraft', () => {
  it('reads back a saved draft and refuses anything else', () => {
    const draft = { values: filled, stopsOpen: true, partyOpen: false };
    expect(parseBookingDraft(JSON.parse(JSON.stringify(draft)))).toEqual(draft);
    expect(parseBookingDraft({ values: { origin: 'Nice' }, stopsOpen: true, partyOpen: false })).toBeNull();
    expect(parseBookingDraft(null)).toBeNull();
  });
});
