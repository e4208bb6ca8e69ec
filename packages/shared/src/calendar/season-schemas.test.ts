import { describe, expect, it } from 'vitest';
import { issuesOf } from '../test-support/issues.ts';
import { SeasonBody } from './season-schemas.ts';

describe('SeasonBody', () => {
  it('reads a season, wrapping ranges included', () => {
    expect(SeasonBody.parse({ name: 'winter', startMonth: '11', endMonth: '2' })).toEqual({ name: 'winter', startMonth: 11, endMonth: 2 });
    expect(SeasonBody.parse({ name: ' Summer ', startMonth: 6, endMonth: 6 }).name).toBe('summer');
  });
  it('refuses other names, misspellings included, and months outside 1-12', () => {
    expect(issuesOf(SeasonBody.safeParse({ name: 'sumer', startMonth: 0, endMonth: 13 }))).toEqual({
      name: 'season_name_invalid',
      startMonth: 'month_invalid',
      endMonth: 'month_invalid',
    });
    expect(issuesOf(SeasonBody.safeParse({}))).toEqual({ name: 'season_name_invalid', startMonth: 'required', endMonth: 'required' });
  });
});
