import { describe, expect, it } from 'vitest';
import { issuesOf } from '../test-support/issues.ts';
import { CarBody } from './car-schemas.ts';

describe('CarBody', () => {
  it('reads multipart text', () => {
    const car = CarBody.parse({ name: ' Mercedes V-Class ', number: 'AB-123-CD', model: 'V 300 d', seats: '7', packages: '7' });
    expect(car).toEqual({ name: 'Mercedes V-Class', number: 'AB-123-CD', model: 'V 300 d', seats: 7, packages: 7 });
    expect(CarBody.parse(car)).toEqual(car);
  });
  it('requires every field and checks ranges', () => {
    expect(issuesOf(CarBody.safeParse({}))).toEqual({ name: 'required', number: 'required', model: 'required', seats: 'required', packages: 'required' });
    expect(issuesOf(CarBody.safeParse({ name: 'a', number: 'b', model: 'c', seats: '0', packages: '21' }))).toEqual({
      seats: 'out_of_range?min=1&max=20',
      packages: 'out_of_range?min=0&max=20',
    });
    expect(issuesOf(CarBody.safeParse({ name: 'a', number: 'b', model: 'c', seats: 'x', packages: '2.5' }))).toEqual({
      seats: 'invalid_number',
      packages: 'invalid_number',
    });
    expect(CarBody.parse({ name: 'a', number: 'b', model: 'c', seats: 1, packages: 0 }).packages).toBe(0);
  });
});
