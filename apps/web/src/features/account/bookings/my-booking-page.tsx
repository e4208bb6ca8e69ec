import { useQueryClient } from '@tanstack/react-query';
import type { CustomerBookingDetails } from '@vtc/shared/booking/booking-responses';
import type { Language } from '@vtc/shared/i18n/languages';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { RouteMap } from '../../../components/map/route-map';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { HireCharges } from '../../../components/booking/hire-charges';
import { useGlobalLoader } from '../../../components/ui/global-loader';
import { formatHireEnd, useHireWords } from '../../../components/trip/hire-words';
import { Spinner } from '../../../components/ui/spinner';
import { apiDownload, ApiError } from '../../../lib/api-fetch';
import { MY_BOOKINGS_KEY, useMyBooking } from '../../../lib/my-booking-api';
import { placeTitle } from '@vtc/shared/places/fixed-places';
import { formatEuros, formatPrice } from '@vtc/shared/pricing/format-euros';
import { formatPickup } from './booking-format';
import { BookingStatusLabel, useHistoryLabel } from './booking-status';
import { ChangeMyBooking } from './change-my-booking';
import { cancelMyBooking } from './my-bookings-api';
import { DepositState, MyBookingRefunds } from './my-booking-refunds';
import { PayDeposit } from './pay-deposit';
import './my-bookings.css';

type DocumentKind = CustomerBookingDetails['documents'][number]['kind'];

/** The cancellation terms in words: what happens if the customer cancels now. */
function cancellationTerms(booking: CustomerBookingDetails, t: TFunction<'auth'>, language: Language) {
  const { cancellation } = booking;
  if (cancellation.free) {
    const until = formatPickup(cancellation.free_until, language);
    return cancellation.deposit_paid ? t('bookings.cancel.freeRefund', { until }) : t('bookings.cancel.free', { until });
  }
  return cancellation.deposit_paid ? t('bookings.cancel.lateKept') : t('bookings.cancel.late');
}

/** /account/bookings/:id: one trip, its history and chauffeur, and the cancel button with its terms. */
export function MyBookingPage() {
  const { t, i18n } = useTranslation('auth');
  const language = i18n.language as Language;
  const id = Number(useParams().id);
  const booking = useMyBooking(id);
  const queryClient = useQueryClient();
  const loader = useGlobalLoader();
  const [confirming, setConfirming] = useState(false);
  const historyLabel = useHistoryLabel();
  const words = useHireWords();
  const { t: tc } = useTranslation();

  const onCancel = async () => {
    setConfirming(false);
    try {
      const response = await loader.run(() => cancelMyBooking(id));
      toast.success(response.message);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : String(error));
    }
    await queryClient.invalidateQueries({ queryKey: MY_BOOKINGS_KEY });
  };

  const documentLabel = (kind: DocumentKind) =>
    ({
      voucher: t('bookings.documents.voucher'),
      receipt: t('bookings.documents.receipt'),
      invoice: t('bookings.documents.invoice'),
      credit_note: t('bookings.documents.creditNote'),
    })[kind];
  // Each document by its number: a booking refunded twice has two credit notes (decision 0162).
  const download = async ({ kind, number }: { kind: DocumentKind; number: string }) => {
    try {
      await (kind === 'voucher'
        ? apiDownload(`/user/booking/voucher/${id}`, { fallbackName: `${number}.pdf` })
        : apiDownload(`/user/booking/invoice/${id}`, { query: { kind, number }, fallbackName: `${number}.pdf` }));
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : String(error));
    }
  };

  if (booking.isPending) {
    return (
      <section className="page-section">
        <div className="container">
          <Spinner label={t('bookings.loading')} />
        </div>
      </section>
    );
  }
  if (booking.isError) {
    return (
      <section className="page-section">
        <div className="container my-bookings">
          <p className="notice notice-warning" role="alert">
            {booking.error.message}
          </p>
          <Link to="/account/bookings">{t('bookings.back')}</Link>
        </div>
      </section>
    );
  }

  const data = booking.data;
  const terms = cancellationTerms(data, t, language);
  const arrow = language === 'ar' ? '←' : '→';
  return (
    <section className="page-section">
      <div className="container my-bookings">
        <Link to="/account/bookings">{t('bookings.back')}</Link>
        <h1 className="page-title">{t('bookings.number', { id: data.id })}</h1>
        <BookingStatusLabel status={data.status} paymentState={data.settlement.payment_state} as="p" />

        <div className="my-booking-grid">
          <section className="card" aria-labelledby="trip-title">
            <h2 id="trip-title" className="card-title">
              {t('bookings.trip')}
            </h2>
            <dl className="my-booking-facts">
              {data.serviceType !== 'transfer' ? (
                // A hire or a tour (issue 22): its service, length, end and programme.
                <>
                  <dt>{t('bookings.service')}</dt>
                  <dd>
                    {words.serviceName(data.serviceType)}
                    {data.tourName ? <> · <bdi>{data.tourName[language]}</bdi></> : null}
                  </dd>
                  <dt>{t('bookings.duration')}</dt>
                  <dd>{words.hireLength(data.serviceType, data.hours, data.days)}</dd>
                </>
              ) : null}
              <dt>{t('bookings.when')}</dt>
              <dd>{formatPickup(data.pickup_at, language)}</dd>
              {data.serviceType !== 'transfer' && data.endsAt ? (
                <>
                  <dt>{t('bookings.end')}</dt>
                  <dd>{formatHireEnd(data.endsAt, data.pickup_at, language)}</dd>
                </>
              ) : null}
              <dt>{t('bookings.route')}</dt>
              <dd>
                {[data.origin, ...data.stops, ...(data.hasDropOff ? [data.destination] : [])].map((place, index) => (
                  <span key={index}>
                    {index > 0 ? <span aria-hidden="true"> {arrow} </span> : null}
                    <bdi>{placeTitle(place, language)}</bdi>
                  </span>
                ))}
              </dd>
              {data.programme ? (
                <>
                  <dt>{t('bookings.programme')}</dt>
                  <dd className="my-booking-programme">{data.programme}</dd>
                </>
              ) : null}
              {data.car ? (
                <>
                  <dt>{t('bookings.car')}</dt>
                  <dd>{data.car.name}</dd>
                </>
              ) : null}
              {data.total_cents !== null ? (
                <>
                  <dt>{t('bookings.price')}</dt>
                  <dd>{formatPrice(data.total_cents, language)}</dd>
                </>
              ) : null}
              {/* No deposit, no line: a company's trip is billed on its monthly statement (decision 0142). */}
              {data.deposit_cents !== null && data.deposit_cents > 0 ? (
                <>
                  <dt>{t('bookings.depositLabel')}</dt>
                  <dd>
                    {formatEuros(data.deposit_cents, language)} · <DepositState booking={data} language={language} />
                  </dd>
                </>
              ) : null}
            </dl>
            <PayDeposit booking={data} />
            {data.serviceType === 'transfer' || data.hasDropOff ? <RouteMap trip={data} /> : null}
          </section>

          <section className="card" aria-labelledby="chauffeur-title">
            <h2 id="chauffeur-title" className="card-title">
              {t('bookings.chauffeur')}
            </h2>
            {data.chauffeur ? (
              <p>
                {data.chauffeur.fullName} ·{' '}
                <a href={`tel:${data.chauffeur.phone}`} dir="ltr">
                  {data.chauffeur.phone}
                </a>
              </p>
            ) : (
              <p className="my-booking-muted">{t('bookings.noChauffeur')}</p>
            )}
          </section>

          <section className="card" aria-labelledby="history-title">
            <h2 id="history-title" className="card-title">
              {t('bookings.history')}
            </h2>
            <ol className="my-booking-history">
              {data.history.map((entry, index) => (
                <li key={index}>
                  <span>{historyLabel(entry)}</span>
                  <time dateTime={entry.created_at}>{formatPickup(entry.created_at, language)}</time>
                </li>
              ))}
            </ol>
          </section>

          {data.invoice_lines ? (
            // A hire's invoice lines (decision 0137): what its end added, and why.
            <section className="card" aria-labelledby="charges-title">
              <h2 id="charges-title" className="card-title">
                {tc('hireWords.charges')}
              </h2>
              <HireCharges lines={data.invoice_lines} language={language} />
            </section>
          ) : null}
          <MyBookingRefunds booking={data} language={language} />
          {data.documents.length > 0 ? (
            <section className="card" aria-labelledby="documents-title">
              <h2 id="documents-title" className="card-title">
                {t('bookings.documents.title')}
              </h2>
              <ul className="my-booking-documents">
                {data.documents.map((document) => (
                  <li key={document.number}>
                    <button type="button" className="btn btn-secondary" aria-describedby={`document-${document.number}`} onClick={() => void download(document)}>
                      {documentLabel(document.kind)}
                    </button>
                    <span id={`document-${document.number}`} className="my-booking-muted" dir="ltr">
                      {document.number}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          <ChangeMyBooking key={data.updated_at} booking={data} />

          {data.cancellation.allowed ? (
            <section className="card" aria-labelledby="cancel-title">
              <h2 id="cancel-title" className="card-title">
                {t('bookings.cancel.title')}
              </h2>
              <p>{terms}</p>
              <button type="button" className="btn btn-danger" onClick={() => setConfirming(true)}>
                {t('bookings.cancel.button')}
              </button>
            </section>
          ) : null}
        </div>
        <ConfirmModal
          open={confirming}
          title={t('bookings.cancel.confirmTitle', { id: String(data.id) })}
          text={terms}
          confirmLabel={t('bookings.cancel.confirm')}
          cancelLabel={t('bookings.cancel.keep')}
          onConfirm={() => void onCancel()}
          onCancel={() => setConfirming(false)}
        />
      </div>
    </section>
  );
}
