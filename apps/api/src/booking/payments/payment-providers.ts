import type { MessageKey } from '@vtc/shared/i18n/error-messages';
import type { Config } from '../../config.ts';
import { AppError } from '../../platform/lib/app-error.ts';
import type { PaymentProvider, ProviderId } from './payment-provider.ts';
import { createPaypal, type PaypalConfig } from './paypal/paypal-client.ts';
import { paypalProvider } from './paypal/paypal-provider.ts';
import { createStripe } from './stripe/stripe-client.ts';
import { stripeProvider } from './stripe/stripe-provider.ts';

/** The 503 code of each provider when it has no keys. */
const NOT_CONFIGURED: Record<ProviderId, MessageKey> = { stripe: 'payment_not_configured', paypal: 'paypal_not_configured' };

/** The providers whose keys are set; each one missing is answered by its own 503. */
export type PaymentProviders = {
  /** The provider, or undefined without its keys. */
  find(id: ProviderId): PaymentProvider | undefined;
  /** The provider, or 503 `<its not-configured code>` without its keys. */
  require(id: ProviderId): PaymentProvider;
};

export type PaymentProvidersConfig = Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_URL' | 'COMPANY_LEGAL_NAME'> & PaypalConfig;

/** Each provider configured by its keys (decision 0114); the SDK clients are made once here. */
export function createPaymentProviders(config: PaymentProvidersConfig): PaymentProviders {
  const stripe = createStripe(config);
  const paypal = createPaypal(config);
  const providers = new Map<ProviderId, PaymentProvider>();
  if (stripe) providers.set('stripe', stripeProvider(stripe));
  if (paypal) providers.set('paypal', paypalProvider(paypal, config.COMPANY_LEGAL_NAME));
  return {
    find: (id) => providers.get(id),
    require(id) {
      const provider = providers.get(id);
      if (!provider) throw new AppError(503, NOT_CONFIGURED[id]);
      return provider;
    },
  };
}
