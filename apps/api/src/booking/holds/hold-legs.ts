import type { HireBlock } from '@vtc/shared/booking/hire-times';

/**
 * The time a booking holds its car (decision 0070): from pickup to pickup + trip duration +
 * buffer, and again from the return pickup for a return trip. A hire (decision 0127) holds it
 * from pickup to its booked end + buffer; by the day, each day is a leg: `outbound` the first,
 * `day-2`, `day-3`… the next ones.
 */
export type HoldLegName = 'outbound' | 'return' | `day-${number}`;
export type HoldLeg = { leg: HoldLegName; from: Date; to: Date };

/** The leg name of a hire's day (1 = the first, `outbound`). */
export function hireDayLeg(day: number): HoldLegName {
  return day === 1 ? 'outbound' : `day-${day}`;
}

/** A hire's holds: each of its blocks of time, plus the buffer. */
export function hireHoldLegs(blocks: readonly HireBlock[], bufferMinutes: number): HoldLeg[] {
  return blocks.map((block) => ({ leg: hireDayLeg(block.day), from: block.from, to: new Date(block.to.getTime() + bufferMinutes * 60_000) }));
}

/** The admin's duration for the route when one matches, else the distance at the average speed. */
export function tripMinutes(distanceKm: number, listedMinutes: number | null, averageSpeedKmh: number): number {
  if (listedMinutes !== null) return listedMinutes;
  return Math.ceil((distanceKm / averageSpeedKmh) * 60);
}

export function holdLegs(
  trip: { pickupAt: Date; returnAt: Date | null },
  minutes: { outbound: number; return: number },
  bufferMinutes: number,
): HoldLeg[] {
  const leg = (name: HoldLeg['leg'], from: Date, tripLength: number): HoldLeg => ({
    leg: name,
    from,
    to: new Date(from.getTime() + (tripLength + bufferMinutes) * 60_000),
  });
  const legs = [leg('outbound', trip.pickupAt, minutes.outbound)];
  if (trip.returnAt) legs.push(leg('return', trip.returnAt, minutes.return));
  return legs;
}
