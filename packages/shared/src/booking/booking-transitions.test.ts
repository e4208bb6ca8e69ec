import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES, BookingStatus, canChangeCar, canTransition, canUpdateBookingInfo, isFinalStatus, type BookingStatus as Status } from './booking-transitions.ts';

const allowed = (from: Status) => BOOKING_STATUSES.filter((to) => canTransition(from, to));

describe('canTransition', () => {
  it('follows the path of decisions 4', () => {
    expect(allowed('draft')).toEqual(['car_selected', 'cancelled']);
    expect(allowed('car_selected')).toEqual(['pending', 'cancelled']);
    expect(allowed('pending')).toEqual(['accepted', 'rejected', 'cancelled']);
    expect(allowed('accepted')).toEqual(['paid', 'completed', 'cancelled']);
    expect(allowed('paid')).toEqual(['completed', 'cancelled']);
  });
  it('ends at completed, rejected and cancelled', () => {
    for (const status of ['completed', 'rejected', 'cancelled'] as const) {
      expect(allowed(status)).toEqual([]);
      expect(isFinalStatus(status)).toBe(true);
    }
    expect(isFinalStatus('paid')).toBe(false);
  });
  it('refuses skipping steps, going back and staying put', () => {
    expect(canTransition('draft', 'pending')).toBe(false);
    expect(canTransition('pending', 'paid')).toBe(false);
    expect(canTransition('pending', 'completed')).toBe(false);
    expect(canTransition('accepted', 'pending')).toBe(false);
    expect(canTransition('rejected', 'accepted')).toBe(false);
    for (const status of BOOKING_STATUSES) expect(canTransition(status, status)).toBe(false);
  });
  it('completes an accepted trip whatever became of its deposit (decision 0117)', () => {
    expect(BOOKING_STATUSES.filter((s) => canTransition(s, 'completed'))).toEqual(['accepted', 'paid']);
  });
  it('cancels from every live state before completed', () => {
    expect(BOOKING_STATUSES.filter((s) => canTransition(s, 'cancelled'))).toEqual(['draft', 'car_selected', 'pending', 'accepted', 'paid']);
  });
});

describe('status helpers', () => {
  it('lets the car change until confirmation and the info be confirmed once', () => {
    expect(BOOKING_STATUSES.filter(canChangeCar)).toEqual(['draft', 'car_selected']);
    expect(BOOKING_STATUSES.filter(canUpdateBookingInfo)).toEqual(['car_selected']);
  });
  it('parses a status', () => {
    expect(BookingStatus.parse('pending')).toBe('pending');
    expect(BookingStatus.safeParse('waiting').error?.issues[0]?.message).toBe('invalid_value');
  });
});
