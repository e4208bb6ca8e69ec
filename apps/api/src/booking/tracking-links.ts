import type { Config } from '../config.ts';
import { isLinkTokenValid, signLink, type SigningConfig } from './signed-links.ts';

/**
 * The customer's tracking link (decision 0132): `/track/{id}?token=`, the token signed for the
 * 'track' purpose (signed-links.ts). Nothing is stored: any process can write the link (a mail, a
 * text message) and check it, and 22 characters keep a text message short. The link carries no
 * expiry: what it may show is ruled by the trip itself (nothing before "en route", 410 after the trip).
 */
export const trackingToken = (config: SigningConfig, bookingId: number): string => signLink(config, 'track', bookingId);

/** Whether `token` is this booking's tracking token. */
export const isTrackingTokenValid = (config: SigningConfig, bookingId: number, token: string): boolean => isLinkTokenValid(config, 'track', bookingId, token);

/** The customer's tracking page of this booking, as mailed or texted. */
export function trackingLink(config: SigningConfig & Pick<Config, 'PUBLIC_URL'>, bookingId: number): string {
  return `${config.PUBLIC_URL}/track/${bookingId}?token=${trackingToken(config, bookingId)}`;
}
