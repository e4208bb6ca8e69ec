import { startPaypalStub } from '../../apps/api/test/support/paypal-stub';
import { startStripeStub } from '../../apps/api/test/support/stripe-stub';

/**
 * Stripe and PayPal stand-ins at the network edge (loopback), for the app the browser tests run:
 * the real SDKs talk to them, their pay pages act as the customer paying and send the browser
 * back to the app, as the real pages do. Ports follow the app's, so parallel runs do not meet.
 */
export const stripeStubPort = (appPort: number) => Number(process.env.E2E_STRIPE_PORT ?? appPort + 11000);
export const paypalStubPort = (appPort: number) => Number(process.env.E2E_PAYPAL_PORT ?? appPort + 12000);

export const STRIPE_WEBHOOK_SECRET = 'whsec_e2e_stub_secret';
export const PAYPAL_WEBHOOK_ID = 'WH-E2E-STUB';

/** The app's environment for the stubs (playwright.config.ts's webServer). */
export function paymentStubEnv(appPort: number): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: 'sk_test_e2e_stub',
    STRIPE_WEBHOOK_SECRET,
    STRIPE_API_URL: `http://127.0.0.1:${stripeStubPort(appPort)}`,
    PAYPAL_CLIENT_ID: 'e2e-paypal-client',
    PAYPAL_CLIENT_SECRET: 'e2e-paypal-secret',
    PAYPAL_WEBHOOK_ID,
    PAYPAL_API_URL: `http://127.0.0.1:${paypalStubPort(appPort)}`,
  };
}

/** Starts both stubs; returns what stops them. */
export async function startPaymentStubs(appPort: number): Promise<() => Promise<void>> {
  const stripe = await startStripeStub({
    port: stripeStubPort(appPort),
    payPage: { webhookUrl: `http://127.0.0.1:${appPort}/api/booking/payment/webhook`, webhookSecret: STRIPE_WEBHOOK_SECRET },
  });
  const paypal = await startPaypalStub({ port: paypalStubPort(appPort), webhookId: PAYPAL_WEBHOOK_ID });
  return async () => {
    await stripe.close();
    await paypal.close();
  };
}
