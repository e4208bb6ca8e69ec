import { describe, expect, it } from 'vitest';
import { issuesOf } from '../test-support/issues.ts';
import { PricingListBody } from './pricing-list-schemas.ts';

describe('PricingListBody', () => {
  it('keeps the priced cars only', () => {
    const body = PricingListBody.parse({
      place: '4',
      placeFrom: '1',
      placeTo: ' Monaco centre ',
      carsList: [
        { carId: '1', price: '120' },
        { carId: '2', price: '' },
        { carId: 3, price: 99.9 },
      ],
    });
    expect(body).toEqual({ place: 4, placeFrom: 1, placeTo: 'Monaco centre', carsList: [{ carId: 1, price: 120 }, { carId: 3, price: 99.9 }] });
    expect(PricingListBody.parse(body)).toEqual(body);
  });
  it('needs the places and at least one price', () => {
    expect(issuesOf(PricingListBody.safeParse({ carsList: [] }))).toEqual({ place: 'required', placeFrom: 'required', carsList: 'price_required' });
    expect(issuesOf(PricingListBody.safeParse({ place: 1, placeFrom: 1 }))).toEqual({ carsList: 'required' });
  });
  it('refuses bad prices and a car listed twice', () => {
    expect(issuesOf(PricingListBody.safeParse({ place: 1, placeFrom: 2, carsList: [{ carId: 1, price: 'abc' }] }))).toEqual({ 'carsList.0.price': 'price_invalid' });
    expect(
      issuesOf(PricingListBody.safeParse({ place: 1, placeFrom: 2, carsList: [{ carId: 1, price: 10 }, { carId: 1, price: 12 }] })),
    ).toEqual({ 'carsList.1.carId': 'duplicate_car' });
  });
});
