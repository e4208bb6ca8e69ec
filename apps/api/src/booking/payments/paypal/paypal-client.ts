import { Agent as HttpsAgent, type AgentOptions } from 'node:https';
import { connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { ApiError, Client, Environment, OrdersController, PaymentsController } from '@paypal/paypal-server-sdk';
import type { Config } from '../../../config.ts';

export type PaypalConfig = Pick<
  Config,
  'PAYPAL_CLIENT_ID' | 'PAYPAL_CLIENT_SECRET' | 'PAYPAL_WEBHOOK_ID' | 'PAYPAL_ENVIRONMENT' | 'PAYPAL_API_URL'
>;

export type PaypalSetup = {
  client: Client;
  orders: OrdersController;
  payments: PaymentsController;
  webhookId: string;
};

/**
 * The SDK only knows PayPal's two hosts (sandbox and live) and has no base-URL option; what it
 * does let us set is the https agent its HTTP client uses. This agent opens every connection to
 * PAYPAL_API_URL instead, plain TCP for an http: URL (the stub on loopback), TLS otherwise, so the
 * requests, paths, headers and bodies stay exactly the SDK's (decision 0094).
 */
class ApiHostAgent extends HttpsAgent {
  readonly #target: URL;
  constructor(target: URL, options?: AgentOptions) {
    super(options);
    this.#target = target;
  }
  override createConnection(): Socket {
    const host = this.#target.hostname;
    if (this.#target.protocol === 'http:') return netConnect({ host, port: Number(this.#target.port || 80) });
    return tlsConnect({ host, port: Number(this.#target.port || 443), servername: host });
  }
}

/** The PayPal SDK, when the app's id, secret and webhook id are set; null otherwise (the tile says so). */
export function createPaypal(config: PaypalConfig): PaypalSetup | null {
  if (!config.PAYPAL_CLIENT_ID || !config.PAYPAL_CLIENT_SECRET || !config.PAYPAL_WEBHOOK_ID) return null;
  const target = config.PAYPAL_API_URL ? new URL(config.PAYPAL_API_URL) : undefined;
  const client = new Client({
    clientCredentialsAuthCredentials: { oAuthClientId: config.PAYPAL_CLIENT_ID, oAuthClientSecret: config.PAYPAL_CLIENT_SECRET },
    environment: config.PAYPAL_ENVIRONMENT === 'live' ? Environment.Production : Environment.Sandbox,
    timeout: 20_000,
    // No logging option: the SDK's silent default; failures are logged by the callers, without bodies.
    httpClientOptions: {
      timeout: 20_000,
      retryConfig: { maxNumberOfRetries: 2 },
      ...(target && { httpsAgent: new ApiHostAgent(target, { keepAlive: false }) }),
    },
  });
  return { client, orders: new OrdersController(client), payments: new PaymentsController(client), webhookId: config.PAYPAL_WEBHOOK_ID };
}

/** Euros as PayPal writes amounts: "45.60". */
export const paypalAmount = (cents: number) => (cents / 100).toFixed(2);

/** The cents of a PayPal amount ("45.60" → 4560). */
export const paypalCents = (value: string | undefined) => Math.round(Number(value ?? '0') * 100);

/** A PayPal answer of 4xx: the request was understood and refused (an order not approved, unknown). */
export const isPaypalRefusal = (error: unknown) => error instanceof ApiError && error.statusCode >= 400 && error.statusCode < 500;

export type WebhookHeaders = Record<string, string | string[] | undefined>;

/**
 * PayPal's own check of a webhook (POST /v1/notifications/verify-webhook-signature): the SDK has
 * no controller for it, so the call goes through the SDK's request builder, with its OAuth token
 * and its host. The event is passed as the exact bytes received, as PayPal asks.
 */
export async function verifyPaypalWebhook(setup: PaypalSetup, headers: WebhookHeaders, rawEvent: string): Promise<boolean> {
  const header = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const fields = {
    auth_algo: header('paypal-auth-algo'),
    cert_url: header('paypal-cert-url'),
    transmission_id: header('paypal-transmission-id'),
    transmission_sig: header('paypal-transmission-sig'),
    transmission_time: header('paypal-transmission-time'),
    webhook_id: setup.webhookId,
  };
  if (Object.values(fields).some((value) => !value)) return false;
  const body = `${JSON.stringify(fields).slice(0, -1)},"webhook_event":${rawEvent}}`;
  const request = setup.client.getRequestBuilderFactory()('POST', '/v1/notifications/verify-webhook-signature');
  request.header('Content-Type', 'application/json');
  request.text(body);
  request.authenticate([{ oauth2: true }]);
  const { result } = await request.callAsText();
  const answer = JSON.parse(result) as { verification_status?: string };
  return answer.verification_status === 'SUCCESS';
}
