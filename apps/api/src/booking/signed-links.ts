import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config.ts';

/**
 * A booking's signed link tokens (decisions 0132, 0146): the first 128 bits of an HMAC-SHA256 of
 * `purpose:id` under a key derived from JWT_SECRET for that purpose alone, so a token of one
 * purpose (tracking) is never one of another (feedback), nor another booking's. Nothing is stored.
 */
export type SigningConfig = Pick<Config, 'JWT_SECRET'>;
export type LinkPurpose = 'track' | 'feedback';

/** The key derivation's info of each purpose; the tracking link's predates this module and keeps its own. */
const INFO: Record<LinkPurpose, string> = { track: 'tracking-link', feedback: 'feedback-link' };

const keys = new Map<string, Buffer>();
function keyOf(secret: string, purpose: LinkPurpose): Buffer {
  const id = `${purpose}\u0000${secret}`;
  let key = keys.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'riviera-vtc', INFO[purpose], 32));
    keys.set(id, key);
  }
  return key;
}

const TOKEN_BYTES = 16;

function signature(config: SigningConfig, purpose: LinkPurpose, bookingId: number): Buffer {
  return createHmac('sha256', keyOf(config.JWT_SECRET, purpose)).update(`${purpose}:${bookingId}`).digest().subarray(0, TOKEN_BYTES);
}

export function signLink(config: SigningConfig, purpose: LinkPurpose, bookingId: number): string {
  return signature(config, purpose, bookingId).toString('base64url');
}

/** Whether `token` is this booking's token of this purpose: compared in constant time, only its canonical spelling. */
export function isLinkTokenValid(config: SigningConfig, purpose: LinkPurpose, bookingId: number, token: string): boolean {
  if (!/^[\w-]{22}$/.test(token)) return false;
  const given = Buffer.from(token, 'base64url');
  return given.length === TOKEN_BYTES && given.toString('base64url') === token && timingSafeEqual(given, signature(config, purpose, bookingId));
}
