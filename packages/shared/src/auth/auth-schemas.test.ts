import { describe, expect, it } from 'vitest';
import { issuesOf } from '../test-support/issues.ts';
import { RegisterBody } from './auth-schemas.ts';

const valid = { fullName: 'Léa Dubois', email: 'lea@example.fr', phone: '06 12 34 56 78', password: 'long-enough-1', confirmPassword: 'long-enough-1', acceptTerms: true };

describe('RegisterBody', () => {
  it('gives the phone out in E.164 once the terms are accepted', () => {
    expect(RegisterBody.parse(valid)).toMatchObject({ phone: '+33612345678', acceptTerms: true });
  });

  it.each([undefined, false, 'true', 1])('refuses acceptTerms %s on that field', (acceptTerms) => {
    expect(issuesOf(RegisterBody.safeParse({ ...valid, acceptTerms }))).toEqual({ acceptTerms: 'terms_required' });
  });

  it('says the passwords differ together with an unticked terms box', () => {
    expect(issuesOf(RegisterBody.safeParse({ ...valid, confirmPassword: 'other', acceptTerms: undefined }))).toEqual({
      acceptTerms: 'terms_required',
      confirmPassword: 'password_not_match',
    });
  });

  it('leaves the password match alone while a password field has its own issue', () => {
    expect(issuesOf(RegisterBody.safeParse({ ...valid, password: 'short', confirmPassword: 'other' }))).toEqual({ password: 'password_min?min=10' });
  });
});
