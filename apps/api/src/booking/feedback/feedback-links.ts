import type { Config } from '../../config.ts';
import { isLinkTokenValid, signLink, type SigningConfig } from '../signed-links.ts';

/**
 * The rating link of a trip (decision 0146): `/feedback/{id}?token=`, signed for the 'feedback'
 * purpose, so neither the tracking link's token nor another trip's opens it. It carries no
 * expiry: a trip is rated once, and only once completed.
 */
export const isFeedbackTokenValid = (config: SigningConfig, bookingId: number, token: string): boolean => isLinkTokenValid(config, 'feedback', bookingId, token);

export function feedbackLink(config: SigningConfig & Pick<Config, 'PUBLIC_URL'>, bookingId: number): string {
  return `${config.PUBLIC_URL}/feedback/${bookingId}?token=${signLink(config, 'feedback', bookingId)}`;
}
