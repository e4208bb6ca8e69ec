import { describe, expect, it } from 'vitest';
import { issuesOf } from '../test-support/issues.ts';
import { AssignBody, isMissionStepAllowed, missionStepOpensAt, MissionStatusBody, nextMissionStatus } from './mission-schemas.ts';

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

describe('mission steps follow the clock (decision 0117)', () => {
  const pickupAt = new Date('2030-06-01T10:00:00Z');
  const clock = { pickupAt, lastLegAt: pickupAt, enRouteHours: 3, waitingMinutes: 15 };
  it('opens en_route hours before pickup, done at pickup, no_show after the waiting time; on_site and on_board follow the order only', () => {
    expect(missionStepOpensAt('en_route', clock)?.toISOString()).toBe('2030-06-01T07:00:00.000Z');
    expect(missionStepOpensAt('done', clock)?.toISOString()).toBe('2030-06-01T10:00:00.000Z');
    expect(missionStepOpensAt('no_show', clock)?.toISOString()).toBe('2030-06-01T10:15:00.000Z');
    expect(missionStepOpensAt('on_site', clock)).toBeNull();
    expect(missionStepOpensAt('on_board', clock)).toBeNull();
    const returnAt = new Date('2030-06-03T18:00:00Z');
    expect(missionStepOpensAt('done', { ...clock, lastLegAt: returnAt })).toBe(returnAt);
  });
  it('lets no_show leave on_site only, and nothing follow it', () => {
    expect(isMissionStepAllowed('on_site', 'no_show')).toBe(true);
    expect(isMissionStepAllowed('en_route', 'no_show')).toBe(false);
    expect(isMissionStepAllowed('on_board', 'no_show')).toBe(false);
    expect(isMissionStepAllowed('no_show', 'no_show')).toBe(true);
    expect(isMissionStepAllowed('no_show', 'on_board')).toBe(false);
    expect(nextMissionStatus('no_show')).toBeNull();
  });
});
