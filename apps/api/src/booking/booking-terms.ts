import { freeCancellationDeadline } from '@vtc/shared/booking/cancellation-policy';
import { waitingMinutesAt, type WaitingMinutes } from '@vtc/shared/booking/waiting-time';
import type { LocationMode } from '@vtc/shared/places/fixed-places';
import type { Config } from '../config.ts';

export type WaitingConfig = Pick<Config, 'WAITING_MINUTES_AIRPORT' | 'WAITING_MINUTES_STATION' | 'WAITING_MINUTES_OTHER'>;

/** The waiting times included at pickup, from configuration (decision 0102). */
export function waitingMinutes(config: WaitingConfig): WaitingMinutes {
  return { airport: config.WAITING_MINUTES_AIRPORT, station: config.WAITING_MINUTES_STATION, other: config.WAITING_MINUTES_OTHER };
}

/** What a customer is told before confirming and in the mails: waiting included and the free-cancellation deadline. */
export type BookingTerms = { waitingMinutes: number; freeCancellationUntil: Date };

export function bookingTerms(config: WaitingConfig, booking: { rentFromType: LocationMode; pickupAt: Date }): BookingTerms {
  return {
    waitingMinutes: waitingMinutesAt(booking.rentFromType, waitingMinutes(config)),
    freeCancellationUntil: freeCancellationDeadline(booking.pickupAt),
  };
}
