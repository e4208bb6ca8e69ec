import { z } from 'zod';

/**
 * What a booking sells (issue 22): a point-to-point transfer, a car with chauffeur by the hour or
 * by the day, or a tour (a hire of the tour's duration at its fixed price).
 */
export const SERVICE_TYPES = ['transfer', 'hourly', 'daily', 'tour'] as const;
export const ServiceType = z.enum(SERVICE_TYPES, { error: 'invalid_value' });
export type ServiceType = z.infer<typeof ServiceType>;

/** The services that book a block of time rather than a trip. */
export function isHireService(serviceType: ServiceType): serviceType is 'hourly' | 'daily' | 'tour' {
  return serviceType !== 'transfer';
}

/** How long a hire may be (configuration: HIRE_MIN_HOURS, HIRE_MAX_HOURS, HIRE_STEP_MINUTES, HIRE_MAX_DAYS). */
export interface HireLimits {
  /** Shortest hire by the hour, hours. */
  minHours: number;
  /** Longest hire by the hour, hours. */
  maxHours: number;
  /** An hourly hire's duration is a whole number of these minutes. */
  stepMinutes: number;
  /** Longest hire by the day, days. */
  maxDays: number;
}

export const DEFAULT_HIRE_LIMITS: HireLimits = { minHours: 3, maxHours: 12, stepMinutes: 30, maxDays: 7 };
