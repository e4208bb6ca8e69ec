import { describe, expect, it } from 'vitest';
import { makePhoneBookingBody } from './phone-booking-schemas.ts';

const now = () => new Date('2027-03-01T09:00:00Z');
const schema = makePhoneBookingBody({ now });
const trip = {
  origin: { title: 'Nice', placeId: 'city-nice', type: 'address' },
  destination: { title: 'Monaco', placeId: 'city-monaco', type: 'address' },
  date: '2027-03-10T10:00',
  carId: 3,
  method: 'cash',
};
const issuesOf = (input: Record<string, unknown>) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
};

describe('a phone booking body', () => {
  it('takes an account, or a new customer with a name and a real phone', () => {
    const parsed = schema.parse({ ...trip, userId: 7 });
    expect(parsed).toMatchObject({ userId: 7, carId: 3, method: 'cash', returnAt: null, pickupAt: new Date('2027-03-10T09:00:00Z') });
    expect(schema.parse({ ...trip, fullName: 'Léa Roux', phone: '06 12 34 56 78', email: '' })).toMatchObject({ phone: '+33612345678', email: undefined });
    expect(issuesOf(trip)).toEqual(['fullName:required', 'phone:required']);
    expect(issuesOf({ ...trip, fullName: 'Léa Roux', phone: '12' })).toEqual(['phone:phone_invalid']);
  });

  it('refuses a manual price without its reason, and a past or too near pickup', () => {
    expect(issuesOf({ ...trip, userId: 7, priceCents: 12000 })).toEqual(['priceReason:price_reason_required']);
    expect(schema.parse({ ...trip, userId: 7, priceCents: 12000, priceReason: 'Client fidèle' })).toMatchObject({ priceCents: 12000 });
    expect(issuesOf({ ...trip, userId: 7, date: '2027-03-01T11:30' })).toEqual(['date:time_not_valid']);
    expect(issuesOf({ ...trip, userId: 7, date: '2027-02-01T11:30' })).toEqual(['date:time_not_valid']);
  });

  it('checks the return against the pickup', () => {
    expect(issuesOf({ ...trip, userId: 7, returnRent: true })).toEqual(['returnDate:required']);
    expect(issuesOf({ ...trip, userId: 7, returnRent: true, returnDate: '2027-03-10T09:00' })).toEqual(['returnDate:return_date_invalid']);
    expect(schema.parse({ ...trip, userId: 7, returnRent: true, returnDate: '2027-03-11T18:00' })).toMatchObject({
      returnAt: new Date('2027-03-11T17:00:00Z'),
    });
  });

  it('asks the flight of an airport pickup, and of a return picked up at the airport, as step three does', () => {
    const airport = { title: 'Aéroport Nice Côte d’Azur', placeId: 'airport-nice-cote-d-azur', type: 'airport' };
    expect(issuesOf({ ...trip, userId: 7, origin: airport })).toEqual(['flightNumber:flight_number_required']);
    expect(schema.parse({ ...trip, userId: 7, origin: airport, flightNumber: 'af 7700' })).toMatchObject({ flightNumber: 'AF7700' });
    const toAirport = { ...trip, userId: 7, destination: airport, returnRent: true, returnDate: '2027-03-11T18:00' };
    expect(issuesOf(toAirport)).toEqual(['returnFlightNumber:flight_number_required']);
    expect(issuesOf({ ...toAirport, returnFlightNumber: 'BA342' })).toEqual([]);
  });
});
