import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { BookingRecap, recapIdFrom } from './booking-recap';
import { ApiError } from '../../lib/api-fetch';
import { usePaypalCapture } from './booking-api';
import { BookingFallback } from './booking-fallback';
import { Celebration } from './celebration';
import './booking-funnel.css';
import './payment-tiles.css';

/**
 * /pay-success: where the payment pages send the customer back (spec §2). Stripe's confirms by
 * its webhook; PayPal's return (`method=paypal`, PayPal's `token` = the order) is captured here.
 */
export function PaySuccessPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const order = params.get('token');
  if (params.get('method') === 'paypal' && id && order) return <PaypalReturn id={id} order={order} link={params.get('link')} />;
  return <PaidCelebration />;
}

function PaidCelebration() {
  const { t } = useTranslation('booking');
  const [search] = useSearchParams();
  return (
    <Celebration title={t('paySuccess.title')}>
      <p className="page-lead">{t('paySuccess.text')}</p>
      <BookingRecap id={recapIdFrom(search)} />
      <HomeLink />
    </Celebration>
  );
}

function HomeLink() {
  const { t } = useTranslation('booking');
  return (
    <div className="page-actions celebration-actions">
      <Link to="/" className="btn btn-primary">
        {t('actions.home')}
      </Link>
    </div>
  );
}

/** Back from PayPal: paid (the celebration), still being confirmed by PayPal, or not paid (why, and the way back). */
function PaypalReturn({ id, order, link }: { id: string; order: string; link: string | null }) {
  const { t } = useTranslation('booking');
  const { data, error, isPending } = usePaypalCapture(id, order);
  if (isPending) return <BookingFallback />;
  if (data?.paid) return <PaidCelebration />;
  const message = data ? t('paySuccess.pendingText') : error instanceof ApiError ? error.message : t('checkout.loadError');
  return (
    <section className="booking-page">
      <div className="container">
        <header className="booking-page-head">
          <h1 className="page-title">{data ? t('paySuccess.pendingTitle') : t('paySuccess.notPaidTitle')}</h1>
        </header>
        <div className="card form-section">
          <p className="notice payment-notice" role={data ? 'status' : 'alert'}>
            {message}
          </p>
          <div className="page-actions">
            {!data && link ? (
              <Link to={`/checkout?id=${encodeURIComponent(id)}&token=${encodeURIComponent(link)}`} className="btn btn-primary">
                {t('paySuccess.backToDeposit')}
              </Link>
            ) : null}
            <Link to="/" className={data || !link ? 'btn btn-primary' : 'btn btn-outline'}>
              {t('actions.home')}
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
