import { describe, expect, it } from 'vitest';
import { checkCarFits, luggageCount } from './check-car-fits.ts';

const vClass = { seats: 7, packages: 7 };
const luggage = (under10kg: number, above10kg = 0, above30kg = 0) => ({ under10kg, above10kg, above30kg });

describe('checkCarFits', () => {
  it('takes a party up to the seats and luggage up to the packages', () => {
    expect(checkCarFits(vClass, { adults: 5, children: 2, luggage: luggage(3, 2, 2) })).toBe(true);
    expect(checkCarFits(vClass, { adults: 1, children: 0, luggage: luggage(0) })).toBe(true);
  });
  it('refuses too many people, children included', () => {
    expect(checkCarFits(vClass, { adults: 6, children: 2, luggage: luggage(0) })).toBe(false);
    expect(checkCarFits(vClass, { adults: 8, children: 0, luggage: luggage(0) })).toBe(false);
  });
  it('refuses too much luggage, all classes counted', () => {
    expect(checkCarFits(vClass, { adults: 2, children: 0, luggage: luggage(3, 3, 2) })).toBe(false);
    expect(luggageCount(luggage(1, 2, 3))).toBe(6);
  });
});
