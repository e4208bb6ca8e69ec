/**
 * The time a booking holds its car (decision 0070): from pickup to pickup + trip duration +
 * buffer, and again from the return pickup for a return trip.
 */
export type HoldLeg = { leg: 'outbound' | 'return'; from: Date; to: Date };

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
