import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config.ts';

/**
 * The customer's tracking link (decision 0132): `/track/{id}?token=`, where the token is the
 * first 128 bits of an HMAC-SHA256 of the booking id under a key derived from JWT_SECRET for
 * this purpose alone. Nothing is stored: any process can write the link (a mail, a text message)
 * and check it, and 22 characters keep a text message short. The link carries no expiry: what
 * it may show is ruled by the trip itself (nothing before "en route", 410 after the trip).
 */
type SigningConfig = Pick<Config, 'JWT_SECRET'>;

const keys = new Map<string, Buffer>();
function keyOf(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'riviera-vtc', 'tracking-link', 32));
    keys.set(secret, key);
  }
  return key;
}

const TOKEN_BYTES = 16;

function signature(config: SigningConfig, bookingId: number): Buffer {
  return createHmac('sha256', keyOf(config.JWT_SECRET)).update(`track:${bookingId}`).digest().subarray(0, TOKEN_BYTES);
}

export function trackingToken(config: SigningConfig, bookingId: number): string {
  return signature(config, bookingId).toString('base64url');
}

/** Whether `token` is this booking's tracking token: compared in constant time, only its canonical spelling. */
export function isTrackingTokenValid(config: SigningConfig, bookingId: number, token: string): boolean {
  if (!/^[\w-]{22}$/.test(token)) return false;
  const given = Buffer.from(token, 'base64url');
  return given.length === TOKEN_BYTES && given.toString('base64url') === token && timingSafeEqual(given, signature(config, bookingId));
}

/** The customer's tracking page of this booking, as mailed or texted. */
export function trackingLink(config: SigningConfig & Pick<Config, 'PUBLIC_URL'>, bookingId: number): string {
  return `${config.PUBLIC_URL}/track/${bookingId}?token=${trackingToken(config, bookingId)}`;
}
