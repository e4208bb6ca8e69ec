import { describe, expect, it } from 'vitest';
import { issuesOf } from '../test-support/issues.ts';
import { ContactBody } from './contact-schemas.ts';

const valid = { firstName: 'Camille', lastName: 'Martin', email: 'camille@example.fr', phone: '+33 6 12 34 56 78', message: 'Bonjour' };

describe('ContactBody', () => {
  it('accepts a message, the phone given out in E.164', () => {
    expect(ContactBody.parse(valid)).toEqual({ ...valid, phone: '+33612345678' });
  });
  it('limits the message to 250 characters and checks every field', () => {
    expect(ContactBody.safeParse({ ...valid, message: 'x'.repeat(250) }).success).toBe(true);
    expect(issuesOf(ContactBody.safeParse({ ...valid, message: 'x'.repeat(251) }))).toEqual({ message: 'too_long?max=250' });
    expect(issuesOf(ContactBody.safeParse({ email: 'nope', phone: '12' }))).toEqual({
      firstName: 'required',
      lastName: 'required',
      email: 'invalid_email',
      phone: 'phone_invalid',
      message: 'required',
    });
  });
});
