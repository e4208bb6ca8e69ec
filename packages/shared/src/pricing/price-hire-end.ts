import { priceExtraKm, priceOvertime, type HireRate } from './price-hire.ts';

export interface PriceHireEndInput {
  /** The booked end (`ends_at`). */
  endsAt: Date;
  /** When the chauffeur ended the hire; never before `endsAt` (the caller refuses it: overtime_before_end). */
  endedAt: Date;
  /** Km driven in all during the hire, as the chauffeur recorded them. */
  km: number;
  /** Hours whose km are included: the billed hours of a hire by the hour, 8 per day by the day; null: km are not billed (a tour). */
  kmHours: number | null;
  rate: Pick<HireRate, 'pricePerHourCents' | 'kmIncludedPerHour' | 'pricePerExtraKmCents'>;
}

export interface HireEndCharges {
  overtimeMinutes: number;
  /** Started quarter hours past the booked end, each a quarter of the hourly rate. */
  overtimeQuarters: number;
  overtimeCents: number;
  kmIncluded: number | null;
  extraKm: number;
  extraKmCents: number;
}

/**
 * What the end of a hire adds to its price (issue 22, decision 0137): overtime in started
 * quarter hours past the booked end (`priceOvertime`) and the km beyond those included at the
 * extra-km price (`priceExtraKm`, the quote's own rule); whole euros each.
 */
export function priceHireEnd(input: PriceHireEndInput): HireEndCharges {
  const overtimeMinutes = Math.max(0, Math.ceil((input.endedAt.getTime() - input.endsAt.getTime()) / 60_000));
  const overtime = priceOvertime(input.rate, overtimeMinutes);
  const km = input.kmHours === null ? null : priceExtraKm(input.rate, input.kmHours, input.km);
  return {
    overtimeMinutes,
    overtimeQuarters: overtime.quarters,
    overtimeCents: overtime.cents,
    kmIncluded: km?.kmIncluded ?? null,
    extraKm: km?.extraKm ?? 0,
    extraKmCents: km?.extraKmCents ?? 0,
  };
}
