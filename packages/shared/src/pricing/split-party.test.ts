import { describe, expect, it } from 'vitest';
import { splitParty } from './split-party.ts';

const vclass = { id: 1, seats: 7, packages: 7 };
const ford = { id: 2, seats: 4, packages: 4 };
const party = (adults: number, children = 0, bags = 0) => ({ adults, children, luggage: { under10kg: bags, above10kg: 0, above30kg: 0 } });

describe('splitParty', () => {
  it('offers nothing when one car takes the party', () => {
    expect(splitParty([ford, vclass], party(6, 1, 7))).toEqual([]);
  });

  it('puts nine people in the largest car and the next one', () => {
    expect(splitParty([ford, vclass], party(8, 1))).toEqual([vclass, ford]);
  });

  it('counts luggage as well as seats', () => {
    expect(splitParty([ford, vclass], party(2, 0, 8))).toEqual([vclass, ford]);
  });

  it('offers nothing when the whole fleet is too small', () => {
    expect(splitParty([ford, vclass], party(8, 8))).toEqual([]);
    expect(splitParty([], party(1))).toEqual([]);
  });
});
