import { describe, expect, it } from 'vitest';
import { searchWithService, serviceFromSearch } from './service-url';

describe('the service in the address (issue 22)', () => {
  it('reads the service and a tour id; anything else is no request', () => {
    expect(serviceFromSearch(new URLSearchParams('service=hourly'))).toEqual({ service: 'hourly', tourId: null });
    expect(serviceFromSearch(new URLSearchParams('service=tour&tourId=12'))).toEqual({ service: 'tour', tourId: 12 });
    expect(serviceFromSearch(new URLSearchParams('service=tour&tourId=abc'))).toEqual({ service: 'tour', tourId: null });
    expect(serviceFromSearch(new URLSearchParams('service=daily&tourId=12'))).toEqual({ service: 'daily', tourId: null });
    expect(serviceFromSearch(new URLSearchParams('service=limousine'))).toBeNull();
    expect(serviceFromSearch(new URLSearchParams('lang=ar'))).toBeNull();
  });

  it('writes the service, keeps the language and leaves a transfer without parameters', () => {
    const search = new URLSearchParams('lang=ar&service=tour&tourId=4');
    expect(searchWithService(search, 'daily', 4).toString()).toBe('lang=ar&service=daily');
    expect(searchWithService(search, 'tour', 7).toString()).toBe('lang=ar&service=tour&tourId=7');
    expect(searchWithService(search, 'transfer', null).toString()).toBe('lang=ar');
  });
});
