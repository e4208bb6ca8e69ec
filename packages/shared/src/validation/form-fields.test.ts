import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  booleanField,
  idCursorField,
  idField,
  integerField,
  jsonField,
  MAX_ID,
  optionalIdField,
  optionalIntegerField,
  optionalText,
  requiredText,
} from './form-fields.ts';

const messages = (result: { success: boolean; error?: z.ZodError }) => result.error?.issues.map((issue) => issue.message) ?? [];

describe('integerField', () => {
  const seats = integerField(1, 20);
  it('accepts numbers and numeric text', () => {
    expect(seats.parse(7)).toBe(7);
    expect(seats.parse(' 7 ')).toBe(7);
    expect(seats.parse(seats.parse('20'))).toBe(20);
  });
  it('says required, not a number or out of range', () => {
    expect(messages(seats.safeParse(''))).toEqual(['required']);
    expect(messages(seats.safeParse(undefined))).toEqual(['required']);
    expect(messages(seats.safeParse(null))).toEqual(['required']);
    expect(messages(seats.safeParse('seven'))).toEqual(['invalid_number']);
    expect(messages(seats.safeParse('7.5'))).toEqual(['invalid_number']);
    expect(messages(seats.safeParse(Number.NaN))).toEqual(['invalid_number']);
    expect(messages(seats.safeParse('21'))).toEqual(['out_of_range?min=1&max=20']);
    expect(messages(integerField(1, 12, 'month_invalid').safeParse(0))).toEqual(['month_invalid']);
  });
  it('has an optional form', () => {
    const field = optionalIntegerField(0, 10);
    expect(field.parse('')).toBeUndefined();
    expect(field.parse(null)).toBeUndefined();
    expect(field.parse('3')).toBe(3);
    expect(messages(field.safeParse('11'))).toEqual(['out_of_range?min=0&max=10']);
  });
  it('reads ids', () => {
    expect(idField().parse('12')).toBe(12);
    expect(messages(idField().safeParse('0'))).toEqual(['invalid_value']);
  });
  it('bounds ids to PostgreSQL integer range, as text or number', () => {
    expect(idField().parse('2147483647')).toBe(MAX_ID);
    expect(messages(idField().safeParse('2147483648'))).toEqual(['invalid_value']);
    expect(messages(idField().safeParse(2 ** 40))).toEqual(['invalid_value']);
    expect(optionalIdField().parse('')).toBeUndefined();
    expect(messages(optionalIdField().safeParse(2 ** 31))).toEqual(['invalid_value']);
    expect(idCursorField().parse('0')).toBe(0);
    expect(messages(idCursorField().safeParse('4294967296'))).toEqual(['invalid_value']);
  });
});

describe('text fields', () => {
  it('trims, requires and limits', () => {
    expect(requiredText(5).parse('  abc ')).toBe('abc');
    expect(messages(requiredText(5).safeParse('   '))).toEqual(['required']);
    expect(messages(requiredText(5).safeParse('abcdef'))).toEqual(['too_long?max=5']);
    expect(optionalText(5).parse('  ')).toBeUndefined();
    expect(optionalText(5).parse(null)).toBeUndefined();
    expect(optionalText(5).parse(' ab ')).toBe('ab');
  });
});

describe('booleanField', () => {
  it('reads checkbox and multipart values', () => {
    const field = booleanField();
    expect([true, 'true', 'on', '1', false, 'false', '0', '', undefined, null].map((v) => field.parse(v))).toEqual([
      true, true, true, true, false, false, false, false, false, false,
    ]);
    expect(messages(field.safeParse('maybe'))).toEqual(['invalid_value']);
  });
});

describe('jsonField', () => {
  const field = jsonField(z.object({ adults: z.number() }));
  it('parses JSON text or takes the value as it is', () => {
    expect(field.parse('{"adults":2}')).toEqual({ adults: 2 });
    expect(field.parse({ adults: 2 })).toEqual({ adults: 2 });
  });
  it('says invalid_json for text that is not JSON', () => {
    expect(messages(field.safeParse('{adults:2'))).toEqual(['invalid_json']);
  });
});
