import { describe, expect, it } from 'vitest';
import { ChangeBookingBody, customerChangeScope, fieldsSent } from './booking-change-schemas.ts';

const HOUR = 3_600_000;

describe('customerChangeScope', () => {
  const pickup = new Date('2030-06-10T08:00:00Z');
  it('is full strictly more than 48 hours before pickup, late from then on, none once the trip has begun', () => {
    expect(customerChangeScope(pickup, new Date(pickup.getTime() - 48 * HOUR - 1))).toBe('full');
    expect(customerChangeScope(pickup, new Date(pickup.getTime() - 48 * HOUR))).toBe('late');
    expect(customerChangeScope(pickup, new Date(pickup.getTime() - 1))).toBe('late');
    expect(customerChangeScope(pickup, pickup)).toBe('none');
  });
});

describe('ChangeBookingBody', () => {
  it('leaves missing fields out, clears blank ones, reads dates on Paris clocks and compacts a flight number', () => {
    const body = ChangeBookingBody.parse({ date: '2030-06-10T10:00', flightNumber: 'af 1234', message: '  ', passengers: '{"adults":3}' });
    expect(body.pickupAt?.toISOString()).toBe('2030-06-10T08:00:00.000Z');
    expect(body.flightNumber).toBe('AF1234');
    expect(body.message).toBeNull();
    expect(body.passengers).toEqual({ adults: 3, children: 0, childrenSeat: 0 });
    expect(body.address).toBeUndefined();
    expect(fieldsSent(body).sort()).toEqual(['date', 'flightNumber', 'message', 'passengers']);
  });

  it('asks the reason of a manual price, a return date with a return, and no more child seats than children', () => {
    const result = ChangeBookingBody.safeParse({ priceCents: 12000, returnRent: true, passengers: { adults: 1, children: 0, childrenSeat: 1 } });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`).sort()).toEqual([
      'passengers.childrenSeat:child_seats_exceed_children',
      'priceReason:price_reason_required',
      'returnDate:required',
    ]);
  });
});
