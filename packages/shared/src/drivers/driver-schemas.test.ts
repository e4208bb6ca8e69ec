import { describe, expect, it } from 'vitest';
import { issuesOf } from '../test-support/issues.ts';
import { DriverBody } from './driver-schemas.ts';

describe('DriverBody', () => {
  it('reads a chauffeur: phone without separators, e-mail in lower case, languages in list order', () => {
    expect(
      DriverBody.parse({ fullName: ' Luc Martin ', phone: '+33 6 12-34.56 78', email: 'Luc@Example.com', languages: ['it', 'fr', 'it'] }),
    ).toEqual({ fullName: 'Luc Martin', phone: '+33612345678', email: 'luc@example.com', languages: ['fr', 'it'], active: true });
    expect(DriverBody.parse({ fullName: 'A', phone: '0612345678', email: 'a@b.fr', active: false })).toMatchObject({ languages: [], active: false });
  });
  it('refuses missing fields, a bad phone or e-mail and unknown languages', () => {
    expect(issuesOf(DriverBody.safeParse({}))).toEqual({ fullName: 'required', phone: 'required', email: 'required' });
    expect(issuesOf(DriverBody.safeParse({ fullName: 'A', phone: 'call me', email: 'nope', languages: ['fr', 'xx'], active: 'maybe' }))).toEqual({
      phone: 'phone_invalid',
      email: 'invalid_email',
      'languages.1': 'driver_language_invalid',
      active: 'invalid_value',
    });
  });
});
