import type { PaymentMethod } from '@vtc/shared/booking/booking-schemas';
import { translateMessage } from '@vtc/shared/i18n/error-messages';
import { formatEuros, formatPrice } from '@vtc/shared/pricing/format-euros';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { toast } from 'react-toastify';
import { CARRIED } from '../../lib/toast-rules';
import { useGlobalLoader } from '../../components/ui/global-loader';
import { ApiError } from '../../lib/api-fetch';
import { showError } from '../../lib/form-errors';
import { getStoredLanguage } from '../../lib/language';
import type { Checkout } from '@vtc/shared/booking/booking-responses';
import { chooseCashPayment, startCardPayment, startPaypalPayment, useCheckout } from './booking-api';
import { BookingFallback } from './booking-fallback';
import { CheckIcon } from '../../components/trip/trip-icons';
import { PaymentTiles } from './payment-tiles';
import { TripSummary } from './trip-summary';
import './booking-funnel.css';

/** /checkout?id&token: the deposit link of an accepted booking (spec §4.7). */
export function CheckoutView({ id, token, paypalCancelled = false }: { id: string; token: string; paypalCancelled?: boolean }) {
  const { t } = useTranslation('booking');
  const { data, error, isPending } = useCheckout(id, token);
  const notFound = error instanceof ApiError && error.status === 404;

  useEffect(() => {
    // A wrong, used or expired link: say why, then home (spec §8).
    if (notFound) toast.error(error.message, { toastId: 'checkout-not-found', ...CARRIED });
  }, [notFound, error]);

  if (isPending) return <BookingFallback />;
  if (notFound) return <Navigate to="/" replace />;

  return (
    <section className="booking-page">
      <div className="container">
        <header className="booking-page-head">
          <h1 className="page-title">{t('checkout.title')}</h1>
          <p className="page-lead">{t('checkout.lead')}</p>
        </header>
        {data ? (
          <CheckoutContent checkout={data} id={id} token={token} paypalCancelled={paypalCancelled} />
        ) : (
          <div className="booking-empty card" role="alert">
            <p>{error instanceof ApiError ? error.message : t('checkout.loadError')}</p>
          </div>
        )}
      </div>
    </section>
  );
}

/** The providers whose page the browser leaves for; each says when it is not configured. */
const REDIRECTS = {
  stripe: { start: startCardPayment, unavailableCode: 'payment_not_configured' },
  paypal: { start: startPaypalPayment, unavailableCode: 'paypal_not_configured' },
} as const;

function CheckoutContent({ checkout, id, token, paypalCancelled }: { checkout: Checkout; id: string; token: string; paypalCancelled: boolean }) {
  const { t } = useTranslation('booking');
  const language = getStoredLanguage();
  const loader = useGlobalLoader();
  const titleId = useId();
  const [unavailable, setUnavailable] = useState({ stripe: !checkout.stripeEnabled, paypal: !checkout.paypalEnabled });
  const [method, setMethod] = useState<PaymentMethod | undefined>(() => {
    const preferred = checkout.payment_method ?? undefined;
    return preferred && preferred !== 'cash' && unavailable[preferred] ? undefined : preferred;
  });
  const [cashMessage, setCashMessage] = useState<string | null>(null);

  const pay = async () => {
    if (!id || !token || !method) {
      toast.error(translateMessage(method ? 'information_missing' : 'payment_method_required', language));
      return;
    }
    if (method !== 'cash') {
      const provider = REDIRECTS[method];
      const stop = loader.start();
      try {
        const { url } = await provider.start(id, token);
        // The provider's page takes over; the overlay stays until the browser leaves.
        window.location.assign(url);
      } catch (error) {
        stop();
        if (error instanceof ApiError && error.code === provider.unavailableCode) {
          setUnavailable((current) => ({ ...current, [method]: true }));
          setMethod(undefined);
        }
        showError(error);
      }
      return;
    }
    try {
      const response = await loader.run(() => chooseCashPayment(id, token));
      setCashMessage(response.message);
      toast.success(response.message);
    } catch (error) {
      showError(error);
    }
  };

  return (
    <div className="booking-layout">
      <div className="booking-main">
        <section className="card form-section deposit-card" aria-labelledby={titleId}>
          <h2 id={titleId} className="form-section-title">
            {t('checkout.bookingNumber', { id: checkout.booking.id })}
          </h2>
          <dl className="price-lines price-lines-large">
            <div className="price-line">
              <dt>{t('checkout.total')}</dt>
              <dd>{formatPrice(checkout.total_cents, language)}</dd>
            </div>
            <div className="price-line price-line-highlight">
              <dt>{t('checkout.deposit')}</dt>
              <dd className="price-total">{formatEuros(checkout.deposit_cents, language)}</dd>
            </div>
            <div className="price-line price-line-muted">
              <dt>{t('checkout.balance')}</dt>
              <dd>{formatPrice(checkout.balance_cents, language)}</dd>
            </div>
          </dl>
          {cashMessage ? (
            <div className="notice notice-success checkout-done" role="status">
              <CheckIcon />
              <span>{cashMessage}</span>
            </div>
          ) : (
            <>
              {paypalCancelled ? (
                <p className="notice payment-notice" role="status">
                  {t('checkout.paypalCancelled')}
                </p>
              ) : null}
              <h3 id={`${titleId}-method`} className="form-subtitle">
                {t('checkout.method')}
              </h3>
              <PaymentTiles
                labelledBy={`${titleId}-method`}
                value={method}
                onChange={setMethod}
                options={[
                  {
                    method: 'stripe',
                    title: t('payment.card'),
                    text: t('checkout.cardText'),
                    unavailable: unavailable.stripe ? translateMessage('payment_not_configured', language) : undefined,
                  },
                  {
                    method: 'paypal',
                    title: t('payment.paypal'),
                    text: t('checkout.paypalText'),
                    unavailable: unavailable.paypal ? translateMessage('paypal_not_configured', language) : undefined,
                  },
                  { method: 'cash', title: t('payment.cash'), text: t('checkout.cashText') },
                ]}
              />
              <button type="button" className="btn btn-primary btn-large btn-block checkout-pay" onClick={() => void pay()}>
                {method === 'cash'
                  ? t('checkout.payCash')
                  : method === 'stripe'
                    ? t('checkout.payCard', { amount: formatEuros(checkout.deposit_cents, language) })
                    : method === 'paypal'
                      ? t('checkout.payPaypal', { amount: formatEuros(checkout.deposit_cents, language) })
                      : t('checkout.pay')}
              </button>
            </>
          )}
        </section>
      </div>
      <aside className="booking-aside">
        <TripSummary trip={checkout.booking} className="card">
          {checkout.car ? <p className="summary-car-name">{checkout.car.name}</p> : null}
        </TripSummary>
        {cashMessage ? (
          <Link to="/" className="booking-edit-link">
            {t('actions.home')}
          </Link>
        ) : null}
      </aside>
    </div>
  );
}
