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

const resolve = bookingFormResolver();
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
    const result = await resolve(EMPTY_BOOKING_FORM, undefined, options);
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
    const result = await resolve({ ...filled, date }, undefined, options);
    expect(firstFormError(result.errors)).toMatchObject({ field: 'date', message: 'time_not_valid' });
  });

  it('gives the API body: modes from the places, passengers and packages as JSON text', async () => {
    const result = await resolve(filled, undefined, options);
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

describe('a hire or a tour in the form (issue 22)', () => {
  const hire: BookingFormValues = {
    ...filled,
    serviceType: 'hourly',
    hours: 5,
    // What was typed for a transfer stays in the form but is not sent.
    stop: filled.stop,
    europe: true,
    dropOff: false,
    programme: '  Cannes, puis Antibes  ',
  };

  it('sends an hourly hire without the transfer fields; the drop-off only when asked for', async () => {
    const result = await resolve(hire, undefined, options);
    expect(result.errors).toEqual({});
    const payload = toCreateBookingPayload(result.values as Parameters<typeof toCreateBookingPayload>[0]);
    expect(payload).toMatchObject({ serviceType: 'hourly', hours: 5, programme: 'Cannes, puis Antibes', rentFromType: 'airport' });
    expect(payload).not.toHaveProperty('destination');
    expect(payload).not.toHaveProperty('stop');
    expect(payload).not.toHaveProperty('europe');
    expect(payload).not.toHaveProperty('days');

    const withDropOff = await resolve({ ...hire, dropOff: true }, undefined, options);
    expect(toCreateBookingPayload(withDropOff.values as Parameters<typeof toCreateBookingPayload>[0])).toMatchObject({
      destination: { title: 'Monaco' },
      rentToType: 'address',
    });
  });

  it('refuses hours outside the configured limits or off their step, with the shared keys', async () => {
    const limits = { minHours: 2, maxHours: 10, stepMinutes: 60, maxDays: 3 };
    const strict = bookingFormResolver(limits);
    expect(firstFormError((await strict({ ...hire, hours: 11 }, undefined, options)).errors, 'hourly')).toMatchObject({
      field: 'hours',
      message: 'hours_out_of_range?min=2&max=10',
    });
    expect(firstFormError((await strict({ ...hire, hours: 4.5 }, undefined, options)).errors, 'hourly')).toMatchObject({
      field: 'hours',
      message: 'hours_step?step=60',
    });
    expect(firstFormError((await strict({ ...hire, serviceType: 'daily', days: 4 }, undefined, options)).errors, 'daily')).toMatchObject({
      field: 'days',
      message: 'days_out_of_range?max=3',
    });
    // The default limits (3 to 12 h by half hours) take 4.5 h.
    expect((await resolve({ ...hire, hours: 4.5 }, undefined, options)).errors).toEqual({});
  });

  it('sends a hire by the day with its days', async () => {
    const result = await resolve({ ...hire, serviceType: 'daily', days: 2 }, undefined, options);
    expect(result.errors).toEqual({});
    expect(toCreateBookingPayload(result.values as Parameters<typeof toCreateBookingPayload>[0])).toMatchObject({ serviceType: 'daily', days: 2 });
  });

  it('asks a tour for its tour, then its departure place, as the pickup', async () => {
    const tour: BookingFormValues = { ...filled, serviceType: 'tour', tourId: null, tourDeparture: null };
    expect(firstFormError((await resolve(tour, undefined, options)).errors, 'tour')).toMatchObject({ field: 'tourId', message: 'tour_required' });
    expect(firstFormError((await resolve({ ...tour, tourId: 3 }, undefined, options)).errors, 'tour')).toMatchObject({ field: 'origin', message: 'required' });
    const departure = { title: 'Nice, promenade des Anglais', type: 'address' as const, lat: 43.69, lon: 7.26 };
    const result = await resolve({ ...tour, tourId: 3, tourDeparture: departure }, undefined, options);
    expect(result.errors).toEqual({});
    const payload = toCreateBookingPayload(result.values as Parameters<typeof toCreateBookingPayload>[0]);
    expect(payload).toMatchObject({ serviceType: 'tour', tourId: 3, origin: { title: 'Nice, promenade des Anglais' } });
    expect(payload).not.toHaveProperty('destination');
  });

  it('reads back a draft saved before hires existed as a transfer', () => {
    const old = { values: { ...filled } as Record<string, unknown>, stopsOpen: false, partyOpen: false };
    for (const key of ['serviceType', 'hours', 'days', 'dropOff', 'programme', 'tourId', 'tourDeparture']) delete old.values[key];
    expect(parseBookingDraft(JSON.parse(JSON.stringify(old)))?.values).toMatchObject({ serviceType: 'transfer', tourId: null, programme: '' });
  });
});
