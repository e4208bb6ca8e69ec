import { describe, expect, it } from 'vitest';
import { isFreeCancellation } from './cancellation-policy.ts';

describe('isFreeCancellation', () => {
  const pickupAt = new Date('2026-08-15T10:00:00Z');
  it('is free strictly more than 48 hours ahead', () => {
    expect(isFreeCancellation(pickupAt, new Date('2026-08-13T09:59:59Z'))).toBe(true);
    expect(isFreeCancellation(pickupAt, new Date('2026-08-13T10:00:00Z'))).toBe(false);
    expect(isFreeCancellation(pickupAt, new Date('2026-08-15T11:00:00Z'))).toBe(false);
  });
});
