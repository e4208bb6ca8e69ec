import { describe, expect, it } from 'vitest';
import { canReceiveTexts } from './text-number.ts';

describe('canReceiveTexts', () => {
  it.each(['+33612345678', '06 12 34 56 78', '+447400123456', '+971501234567', '+12025550143'])('takes %s', (phone) => {
    expect(canReceiveTexts(phone)).toBe(true);
  });

  it.each(['+33493123456', '04 93 12 34 56', '+33800123456', '+442079460958', '12', 'not a phone'])('refuses %s', (phone) => {
    expect(canReceiveTexts(phone)).toBe(false);
  });
});
