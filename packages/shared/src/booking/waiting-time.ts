import type { LocationMode } from '../places/fixed-places.ts';

/** Minutes of waiting included at pickup, by the kind of pickup place (set in configuration). */
export interface WaitingMinutes {
  airport: number;
  station: number;
  /** An address, a town or a Europe place. */
  other: number;
}

/** The waiting time included for a pickup at this kind of place. */
export function waitingMinutesAt(type: LocationMode, minutes: WaitingMinutes): number {
  if (type === 'airport') return minutes.airport;
  if (type === 'station') return minutes.station;
  return minutes.other;
}
