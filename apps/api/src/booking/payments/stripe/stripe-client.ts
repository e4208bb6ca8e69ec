import Stripe from 'stripe';
import type { Config } from '../../../config.ts';

export type StripeSetup = { stripe: Stripe; webhookSecret: string };

/**
 * The Stripe SDK, when both keys are set (as /api/config/public reports it); null otherwise.
 * STRIPE_API_URL points the SDK at another API host (tests use a stub on loopback).
 */
export function createStripe(config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_URL'>): StripeSetup | null {
  if (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET) return null;
  const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : undefined;
  const protocol = api?.protocol === 'http:' ? 'http' : 'https';
  const stripe = new Stripe(config.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(api && { host: api.hostname, port: api.port || (protocol === 'http' ? 80 : 443), protocol }),
  });
  return { stripe, webhookSecret: config.STRIPE_WEBHOOK_SECRET };
}
