import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatPhone, Phone, toE164 } from './phone-number.ts';

const issue = (input: unknown) => {
  const result = Phone.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('Phone', () => {
  it.each([
    ['+33 6 12 34 56 78', '+33612345678'],
    ['06 12 34 56 78', '+33612345678'],
    ['+33612345678', '+33612345678'],
    ['+377 6 12 34 56 78', '+377612345678'],
    ['+44 20 7946 0958', '+442079460958'],
    ['+39 02 1234 5678', '+390212345678'],
  ])('gives %s out as %s', (input, e164) => {
    expect(Phone.parse(input)).toBe(e164);
  });

  it('accepts its own output again', () => {
    expect(Phone.parse(Phone.parse('06 12 34 56 78'))).toBe('+33612345678');
  });

  it.each(['12', '+33 1234', '+33 6 12 34 56 78 99', '+999 123456789', 'not a phone', '+33 0 00'])(
    'refuses %s as phone_invalid',
    (input) => {
      expect(issue(input)).toBe('phone_invalid');
    },
  );

  it('asks for a missing or blank number', () => {
    expect(issue(undefined)).toBe('required');
    expect(issue('   ')).toBe('required');
  });

  it('refuses very long text without parsing it', () => {
    expect(issue('+33 6'.padEnd(500, '1'))).toBe('phone_invalid');
  });

  it('reports the issue on the field of the object it sits in', () => {
    const result = z.object({ phone: Phone }).safeParse({ phone: '12' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['phone']);
  });
});

describe('toE164 and formatPhone', () => {
  it('normalises what parses and leaves the rest', () => {
    expect(toE164('+33 (0)6 12-34-56-78')).toBe('+33612345678');
    expect(toE164('12')).toBeUndefined();
  });

  it('shows French numbers nationally and others internationally', () => {
    expect(formatPhone('+33612345678')).toBe('06 12 34 56 78');
    expect(formatPhone('+442079460958')).toBe('+44 20 7946 0958');
    expect(formatPhone('12')).toBe('12');
  });
});
