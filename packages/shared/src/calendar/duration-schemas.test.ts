import { describe, expect, it } from 'vitest';
import { issuesOf } from '../test-support/issues.ts';
import { DurationBody } from './duration-schemas.ts';

describe('DurationBody', () => {
  it('reads minutes given as text', () => {
    expect(DurationBody.parse({ origin: 'Nice', destination: 'Monaco', duration: '35' })).toEqual({ origin: 'Nice', destination: 'Monaco', duration: 35 });
  });
  it('requires positive whole minutes', () => {
    expect(issuesOf(DurationBody.safeParse({ origin: ' ', duration: '0' }))).toEqual({
      origin: 'required',
      destination: 'required',
      duration: 'out_of_range?min=1&max=10080',
    });
    expect(issuesOf(DurationBody.safeParse({ origin: 'a', destination: 'b', duration: '1h' }))).toEqual({ duration: 'invalid_number' });
  });
});
