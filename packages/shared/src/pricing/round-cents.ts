/**
 * The one place where money is rounded. Amounts are integer cents; a computed amount
 * (price per km times distance, a percentage) is rounded to the nearest cent, halves away from
 * zero (commercial rounding). The value is first cut to 9 significant digits so that binary
 * noise such as 14.499999999999998 (0.145 * 100) rounds as the decimal 14.5 it stands for.
 */
export function roundCents(amount: number): number {
  if (!Number.isFinite(amount)) throw new RangeError(`Not an amount: ${amount}`);
  const clean = Number(amount.toPrecision(9));
  return Math.sign(clean) * Math.round(Math.abs(clean)) + 0;
}

/** `percent` % of an amount of cents, rounded by `roundCents`. */
export function percentOfCents(cents: number, percent: number): number {
  return roundCents((cents * percent) / 100);
}

/**
 * An amount of cents rounded to whole euros, halves away from zero, as the spec's client
 * computed trip prices (decisions 3.3): 4567.5 cents -> 4600, 4549 -> 4500.
 */
export function roundToEuroCents(cents: number): number {
  return roundCents(cents / 100) * 100;
}

/** `percent` % of an amount of cents, rounded to whole euros (the holiday surcharge). */
export function percentOfCentsToEuro(cents: number, percent: number): number {
  return roundToEuroCents((cents * percent) / 100);
}
