/** Cancelling more than this long before pickup is free (spec section 9, decisions 4). */
export const FREE_CANCELLATION_HOURS = 48;

/**
 * Whether cancelling now costs nothing: strictly more than 48 hours before the pickup instant.
 * At 48 hours or less the deposit, if paid, is kept.
 */
export function isFreeCancellation(pickupAt: Date, now: Date): boolean {
  return pickupAt.getTime() - now.getTime() > FREE_CANCELLATION_HOURS * 3_600_000;
}

/** The last instant of free cancellation: 48 hours before pickup (cancelling then is already late). */
export function freeCancellationDeadline(pickupAt: Date): Date {
  return new Date(pickupAt.getTime() - FREE_CANCELLATION_HOURS * 3_600_000);
}
