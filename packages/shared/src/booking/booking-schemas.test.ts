import { describe, expect, it } from 'vitest';
import { issuesOf } from '../test-support/issues.ts';
import { makeUpdateBookingInfoBody } from './booking-info-schemas.ts';
import { bookingParty, makeCreateBookingBody } from './booking-schemas.ts';

// 2026-06-10 12:00 in Paris.
const now = () => new Date('2026-06-10T10:00:00Z');
const CreateBookingBody = makeCreateBookingBody({ now });

const legacy = {
  origin: '12 Promenade des Anglais, Nice',
  destination: 'Monaco',
  rentFromType: 'address',
  rentToType: 'address',
  date: '2026-06-10T14:00',
  passengers: JSON.stringify({ adults: '2', children: '1', childrenSeat: '1' }),
  packages: JSON.stringify({ under10kg: '2', above10kg: '1', above30kg: '0' }),
};

describe('CreateBookingBody for a hire or a tour (issue 22)', () => {
  const hire = { origin: 'Hôtel Martinez, Cannes', date: '2026-06-11T09:00', passengers: { adults: 2 } };

  it('reads a hire by the hour without a drop-off: minutes, no destination, the pickup place as rentToType', () => {
    const body = CreateBookingBody.parse({ ...hire, serviceType: 'hourly', hours: '5.5', programme: '  Croisette, Antibes ' });
    expect(body).toMatchObject({ serviceType: 'hourly', hours: 5.5, hireMinutes: 330, programme: 'Croisette, Antibes', rentToType: 'address' });
    expect(body.destination).toBeUndefined();
    expect(body.hireDays).toBeUndefined();
    expect(CreateBookingBody.parse(JSON.parse(JSON.stringify(body)))).toEqual(body);
  });

  it('reads a hire by the day with a drop-off, and a tour', () => {
    expect(CreateBookingBody.parse({ ...hire, serviceType: 'daily', days: 2, destination: 'Monaco' })).toMatchObject({
      serviceType: 'daily',
      hireDays: 2,
      destination: { title: 'Monaco', type: 'address' },
    });
    const tour = CreateBookingBody.parse({ ...hire, serviceType: 'tour', tourId: '3' });
    expect(tour).toMatchObject({ serviceType: 'tour', tourId: 3 });
    expect(tour.hireMinutes).toBeUndefined();
  });

  it('refuses durations outside the limits, off the step, hours and days together', () => {
    const parse = (extra: object) => issuesOf(CreateBookingBody.safeParse({ ...hire, ...extra }));
    expect(parse({ serviceType: 'hourly' })).toEqual({ hours: 'hours_required' });
    expect(parse({ serviceType: 'hourly', hours: 0 })).toEqual({ hours: 'hours_out_of_range?min=3&max=12' });
    expect(parse({ serviceType: 'hourly', hours: 200 })).toEqual({ hours: 'hours_out_of_range?min=3&max=12' });
    expect(parse({ serviceType: 'hourly', hours: 3.25 })).toEqual({ hours: 'hours_step?step=30' });
    expect(parse({ serviceType: 'hourly', hours: 'five' })).toEqual({ hours: 'invalid_number' });
    expect(parse({ serviceType: 'hourly', hours: 4, days: 2 })).toEqual({ days: 'hours_and_days' });
    expect(parse({ serviceType: 'daily', hours: 4, days: 2 })).toEqual({ hours: 'hours_and_days' });
    expect(parse({ serviceType: 'daily' })).toEqual({ days: 'days_required' });
    expect(parse({ serviceType: 'daily', days: 8 })).toEqual({ days: 'days_out_of_range?max=7' });
    expect(parse({ serviceType: 'daily', days: 1.5 })).toEqual({ days: 'days_out_of_range?max=7' });
    expect(parse({ serviceType: 'tour' })).toEqual({ tourId: 'tour_required' });
    expect(parse({ serviceType: 'tour', tourId: 1, hours: 4 })).toEqual({ hours: 'invalid_value' });
    expect(parse({ serviceType: 'cruise' })).toEqual({ serviceType: 'invalid_value' });
  });

  it('refuses a hire without a pickup place, with stops or Europe, and hire fields on a transfer', () => {
    expect(issuesOf(CreateBookingBody.safeParse({ ...hire, origin: '', serviceType: 'hourly', hours: 4 }))).toEqual({ origin: 'required' });
    expect(issuesOf(CreateBookingBody.safeParse({ ...hire, serviceType: 'hourly', hours: 4, stop: [{ title: 'Antibes' }], europe: true }))).toEqual({
      stop: 'invalid_value',
      europe: 'invalid_value',
    });
    expect(issuesOf(CreateBookingBody.safeParse({ ...legacy, hours: 4 }))).toEqual({ hours: 'invalid_value' });
  });

  it('takes its limits from the configuration', () => {
    const schema = makeCreateBookingBody({ now, hireLimits: { minHours: 2, maxHours: 24, stepMinutes: 15, maxDays: 3 } });
    expect(schema.safeParse({ ...hire, serviceType: 'hourly', hours: 2.25 }).success).toBe(true);
    expect(issuesOf(schema.safeParse({ ...hire, serviceType: 'daily', days: 4 }))).toEqual({ days: 'days_out_of_range?max=3' });
  });
});

describe('CreateBookingBody', () => {
  it('reads the legacy payload: text places, JSON text party', () => {
    const body = CreateBookingBody.parse(legacy);
    expect(body).toEqual({
      serviceType: 'transfer',
      origin: { title: '12 Promenade des Anglais, Nice', type: 'address' },
      destination: { title: 'Monaco', type: 'address' },
      stop: [],
      rentFromType: 'address',
      rentToType: 'address',
      europe: false,
      date: '2026-06-10T14:00',
      pickupAt: new Date('2026-06-10T12:00:00Z'),
      passengers: { adults: 2, children: 1, childrenSeat: 1 },
      packages: { under10kg: 2, above10kg: 1, above30kg: 0 },
    });
    expect(bookingParty(body)).toEqual({ adults: 2, children: 1, luggage: { under10kg: 2, above10kg: 1, above30kg: 0 } });
  });

  it('reads place objects, resolves fixed places and accepts its own output again', () => {
    const body = CreateBookingBody.parse({
      origin: { title: "Aéroport Nice Côte d'Azur", type: 'airport', placeId: 'airport-nice-cote-d-azur' },
      destination: { title: 'Gare de Cannes' },
      rentToType: 'station',
      stop: [{ id: 'a1', title: 'Antibes', lat: 43.58, lon: 7.12 }, { id: 2, title: 'Gênes', type: 'town' }],
      date: '2026-06-11T08:00',
      passengers: { adults: 3 },
    });
    expect(body.origin).toEqual({ title: "Aéroport Nice Côte d'Azur", type: 'airport', placeId: 'airport-nice-cote-d-azur', lat: 43.6584, lon: 7.2159 });
    expect(body.destination).toMatchObject({ type: 'station', placeId: 'station-cannes' });
    expect(body.rentFromType).toBe('airport');
    expect(body.stop).toEqual([
      { id: 'a1', title: 'Antibes', type: 'address', lat: 43.58, lon: 7.12 },
      { id: 2, title: 'Gênes', type: 'town', placeId: 'town-genoa', lat: 44.4056, lon: 8.9463 },
    ]);
    expect(body.passengers).toEqual({ adults: 3, children: 0, childrenSeat: 0 });
    expect(body.packages).toEqual({ under10kg: 0, above10kg: 0, above30kg: 0 });
    expect(CreateBookingBody.parse(JSON.parse(JSON.stringify(body)))).toEqual(body);
  });

  it('requires origin, destination and date', () => {
    expect(issuesOf(CreateBookingBody.safeParse({ origin: '  ' }))).toEqual({ origin: 'required', destination: 'required', date: 'required' });
  });

  it('refuses a pickup less than 2 hours ahead, or not a date', () => {
    expect(issuesOf(CreateBookingBody.safeParse({ ...legacy, date: '2026-06-10T13:59' }))).toEqual({ date: 'time_not_valid' });
    expect(CreateBookingBody.safeParse({ ...legacy, date: '2026-06-10T14:00' }).success).toBe(true);
    expect(issuesOf(CreateBookingBody.safeParse({ ...legacy, date: '2026-06-09T18:00' }))).toEqual({ date: 'time_not_valid' });
    expect(issuesOf(CreateBookingBody.safeParse({ ...legacy, date: '10/06/2026 18:00' }))).toEqual({ date: 'invalid_date' });
    // The time rule shows even while another field is wrong.
    expect(issuesOf(CreateBookingBody.safeParse({ ...legacy, destination: '', date: '2026-06-10T12:30' }))).toEqual({
      destination: 'required',
      date: 'time_not_valid',
    });
  });

  it('uses the clock it is given each time it parses', () => {
    let clock = new Date('2026-06-10T10:00:00Z');
    const schema = makeCreateBookingBody({ now: () => clock });
    expect(schema.safeParse(legacy).success).toBe(true);
    clock = new Date('2026-06-10T10:00:01Z');
    expect(schema.safeParse(legacy).success).toBe(false);
  });

  it('allows 5 stops at most', () => {
    const stops = (count: number) => Array.from({ length: count }, (_, i) => ({ id: i, title: `Stop ${i}` }));
    expect(CreateBookingBody.safeParse({ ...legacy, stop: stops(5) }).success).toBe(true);
    expect(issuesOf(CreateBookingBody.safeParse({ ...legacy, stop: stops(6) }))).toEqual({ stop: 'stops_max?max=5' });
    expect(issuesOf(CreateBookingBody.safeParse({ ...legacy, stop: [{ id: 1, title: '' }] }))).toEqual({ 'stop.0.title': 'required' });
  });

  it('checks the party', () => {
    const parse = (passengers: unknown, packages: unknown = legacy.packages) => issuesOf(CreateBookingBody.safeParse({ ...legacy, passengers, packages }));
    expect(parse('{"adults":0}')).toEqual({ 'passengers.adults': 'out_of_range?min=1&max=8' });
    expect(parse({ adults: 9, children: -1 })).toEqual({ 'passengers.adults': 'out_of_range?min=1&max=8', 'passengers.children': 'out_of_range?min=0&max=8' });
    expect(parse('{"adults":2', undefined)).toEqual({ passengers: 'invalid_json' });
    expect(parse({ adults: 2 }, '{"above30kg":"9"}')).toEqual({ 'packages.above30kg': 'out_of_range?min=0&max=8' });
    expect(parse({ adults: 2 }, '[1,2]')).toEqual({ packages: 'invalid_value' });
    expect(parse({ adults: 2, children: 1, childrenSeat: 2 })).toEqual({ 'passengers.childrenSeat': 'child_seats_exceed_children' });
  });

  it('refuses a fixed-mode place that is not in its list', () => {
    expect(issuesOf(CreateBookingBody.safeParse({ ...legacy, rentFromType: 'airport', origin: 'Orly' }))).toEqual({ origin: 'place_unknown' });
    expect(issuesOf(CreateBookingBody.safeParse({ ...legacy, destination: { title: 'x', type: 'station', placeId: 'airport-nice-cote-d-azur' } }))).toEqual({
      destination: 'place_unknown',
    });
    expect(issuesOf(CreateBookingBody.safeParse({ ...legacy, rentToType: 'boat' }))).toEqual({ rentToType: 'invalid_value' });
  });
});

describe('UpdateBookingInfoBody', () => {
  const pickupAt = new Date('2026-06-12T08:00:00Z'); // 10:00 in Paris
  const UpdateBookingInfoBody = makeUpdateBookingInfoBody({ now, pickupAt });
  const form = {
    bookingId: '42',
    fullName: 'Camille Martin',
    email: 'camille@example.fr',
    phone: '+33612345678',
    state: '',
    method: 'cash',
    rentFromType: 'airport',
    rentToType: 'address',
    address: '',
    city: '',
    arriveTime: '09:40',
    trainNumber: '',
    flightNumber: 'AF7700',
    arriveFrom: 'Paris-Orly',
    message: '',
    returnRent: false,
    date: '2026-06-01T10:00',
    returnAddress: 'x',
    returnCity: '',
    returnArriveTime: '',
    returnArriveFrom: '',
    returnTrainNumber: '',
    returnFlightNumber: '',
  };

  it('reads the confirmation form and drops the return fields without a return trip', () => {
    const body = UpdateBookingInfoBody.parse(form);
    expect(body).toMatchObject({ bookingId: 42, method: 'cash', flightNumber: 'AF7700', arriveTime: '09:40', returnRent: false });
    expect(body.address).toBeUndefined();
    expect(body.date).toBeUndefined();
    expect(body.returnAddress).toBeUndefined();
    expect(body.returnAt).toBeUndefined();
    expect(UpdateBookingInfoBody.parse(JSON.parse(JSON.stringify(body)))).toEqual(body);
  });

  it('requires contact details and a payment method', () => {
    expect(issuesOf(UpdateBookingInfoBody.safeParse({ bookingId: 1 }))).toEqual({
      fullName: 'required',
      email: 'required',
      phone: 'required',
      method: 'payment_method_required',
    });
    expect(issuesOf(UpdateBookingInfoBody.safeParse({ ...form, method: 'bitcoin' }))).toEqual({ method: 'payment_method_required' });
  });

  it('checks times and the message length', () => {
    expect(issuesOf(UpdateBookingInfoBody.safeParse({ ...form, arriveTime: '25:00', message: 'x'.repeat(256) }))).toEqual({
      arriveTime: 'invalid_time',
      message: 'too_long?max=255',
    });
    expect(UpdateBookingInfoBody.safeParse({ ...form, message: 'x'.repeat(255) }).success).toBe(true);
  });

  it('needs a return date after the pickup when returnRent', () => {
    const withReturn = { ...form, returnRent: 'true', returnAddress: 'Hôtel Negresco' };
    expect(issuesOf(UpdateBookingInfoBody.safeParse({ ...withReturn, date: '' }))).toEqual({ date: 'required' });
    expect(issuesOf(UpdateBookingInfoBody.safeParse({ ...withReturn, date: 'soon' }))).toEqual({ date: 'invalid_date' });
    expect(issuesOf(UpdateBookingInfoBody.safeParse({ ...withReturn, date: '2026-06-12T10:00' }))).toEqual({ date: 'return_date_invalid' });
    const body = UpdateBookingInfoBody.parse({ ...withReturn, date: '2026-06-12T18:30' });
    expect(body).toMatchObject({ returnRent: true, date: '2026-06-12T18:30', returnAddress: 'Hôtel Negresco' });
    expect(body.returnAt).toEqual(new Date('2026-06-12T16:30:00Z'));
  });

  it('without the pickup, still needs the return 2 hours from now', () => {
    const schema = makeUpdateBookingInfoBody({ now });
    expect(issuesOf(schema.safeParse({ ...form, returnRent: true, date: '2026-06-10T13:00' }))).toEqual({ date: 'time_not_valid' });
    expect(schema.safeParse({ ...form, returnRent: true, date: '2026-06-10T14:00' }).success).toBe(true);
  });

  it('requires the flight number of a pickup at an airport, checks it and stores it compact', () => {
    const airport = makeUpdateBookingInfoBody({ now, pickupAt, pickupType: 'airport', returnPickupType: 'airport' });
    expect(issuesOf(airport.safeParse({ ...form, flightNumber: '  ' }))).toEqual({ flightNumber: 'flight_number_required' });
    expect(issuesOf(airport.safeParse({ ...form, flightNumber: 'Orly' }))).toEqual({ flightNumber: 'flight_number_invalid' });
    expect(airport.parse({ ...form, flightNumber: 'ezy 8541' }).flightNumber).toBe('EZY8541');
    // The return's pickup at an airport asks for its flight only when a return is booked.
    const withReturn = { ...form, returnRent: true, date: '2026-06-12T18:30' };
    expect(issuesOf(airport.safeParse(withReturn))).toEqual({ returnFlightNumber: 'flight_number_required' });
    expect(airport.parse({ ...withReturn, returnFlightNumber: 'af-1 ' }).returnFlightNumber).toBe('AF1');
    // An address pickup needs no flight; one typed is still checked.
    const address = makeUpdateBookingInfoBody({ now, pickupAt, pickupType: 'address' });
    expect(address.parse({ ...form, flightNumber: '' }).flightNumber).toBeUndefined();
    expect(issuesOf(address.safeParse({ ...form, flightNumber: '12345' }))).toEqual({ flightNumber: 'flight_number_invalid' });
  });
});
