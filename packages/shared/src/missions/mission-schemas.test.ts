import { describe, expect, it } from 'vitest';
import { issuesOf } from '../test-support/issues.ts';
import { AssignBody, isMissionStepAllowed, MissionStatusBody, nextMissionStatus } from './mission-schemas.ts';

describe('mission steps', () => {
  it('go en_route → on_site → on_board → done, one at a time; the current one again is allowed', () => {
    expect(nextMissionStatus(null)).toBe('en_route');
    expect(nextMissionStatus('en_route')).toBe('on_site');
    expect(nextMissionStatus('on_board')).toBe('done');
    expect(nextMissionStatus('done')).toBeNull();
    expect(isMissionStepAllowed('on_site', 'on_site')).toBe(true);
    expect(isMissionStepAllowed('on_site', 'on_board')).toBe(true);
    expect(isMissionStepAllowed('on_site', 'done')).toBe(false);
    expect(isMissionStepAllowed(null, 'on_site')).toBe(false);
    expect(isMissionStepAllowed('done', 'en_route')).toBe(false);
  });
  it('refuses unknown steps, missing tokens and bad ids', () => {
    expect(issuesOf(MissionStatusBody.safeParse({ token: ' ', status: 'arrived' }))).toEqual({ token: 'required', status: 'invalid_value' });
    expect(issuesOf(AssignBody.safeParse({ driverId: 'x', carId: 0 }))).toEqual({ driverId: 'invalid_number', carId: 'invalid_value' });
    expect(AssignBody.parse({ driverId: '3', carId: 2 })).toEqual({ driverId: 3, carId: 2 });
  });
});
