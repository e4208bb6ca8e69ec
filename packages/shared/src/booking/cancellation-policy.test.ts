import { describe, expect, it } from 'vitest';
import { freeCancellationDeadline, isFreeCancellation } from './cancellation-policy.ts';

describe('isFreeCancellation', () => {
  const pickupAt = new Date('2026-08-15T10:00:00Z');
  it('is free strictly more than 48 hours ahead', () => {
    expect(isFreeCancellation(pickupAt, new Date('2026-08-13T09:59:59Z'))).toBe(true);
    expect(isFreeCancellation(pickupAt, new Date('2026-08-13T10:00:00Z'))).toBe(false);
    expect(isFreeCancellation(pickupAt, new Date('2026-08-15T11:00:00Z'))).toBe(false);
  });
});

describe('freeCancellationDeadline', () => {
  it('is 48 hours before the pickup, the last moment cancelling is free', () => {
    const pickupAt = new Date('2026-08-15T10:00:00Z');
    const deadline = freeCancellationDeadline(pickupAt);
    expect(deadline.toISOString()).toBe('2026-08-13T10:00:00.000Z');
    expect(isFreeCancellation(pickupAt, new Date(deadline.getTime() - 1))).toBe(true);
    expect(isFreeCancellation(pickupAt, deadline)).toBe(false);
  });
});
