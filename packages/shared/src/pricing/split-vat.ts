import { roundCents } from './round-cents.ts';

export type VatSplit = { totalExclTaxCents: number; vatCents: number; totalInclTaxCents: number };

/**
 * A price including tax split into the amount excluding tax and the VAT (decision 0088). Prices
 * are set including tax, so the amount excluding tax is derived and rounded to the cent by
 * `roundCents`, and the VAT is the difference: the three amounts always add up exactly.
 * `ratePercent` 10 turns 110,00 € into 100,00 € + 10,00 €.
 */
export function splitVat(totalInclTaxCents: number, ratePercent: number): VatSplit {
  if (!Number.isSafeInteger(totalInclTaxCents)) throw new RangeError(`Not an amount of cents: ${totalInclTaxCents}`);
  if (!(ratePercent >= 0 && ratePercent <= 100)) throw new RangeError(`Not a VAT rate: ${ratePercent}`);
  const totalExclTaxCents = roundCents((totalInclTaxCents * 100) / (100 + ratePercent));
  return { totalExclTaxCents, vatCents: totalInclTaxCents - totalExclTaxCents, totalInclTaxCents };
}
