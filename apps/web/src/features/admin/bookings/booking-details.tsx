import { formatPhone, toE164 } from '@vtc/shared/phone/phone-number';
import { formatEuros } from '@vtc/shared/pricing/format-euros';
import { formatParisDateTime, formatTimeOfDay } from '@vtc/shared/time/format-paris';
import { formatDateFr } from '@vtc/shared/time/paris-time';
import type { MissionStatus } from '@vtc/shared/missions/mission-schemas';
import { isNoEmailAddress } from '@vtc/shared/auth/no-email-address';
import { historyReason } from '@vtc/shared/booking/history-entries';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RouteMap } from '../../../components/map/route-map';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-fetch';
import type { BookingDetails as Details } from '@vtc/shared/booking/booking-responses';
import { useBookingDetails } from './bookings-api';
import { BalanceSection } from './balance-section';
import { NoShowSection } from './no-show-section';
import { StatusBadge } from './status-badge';
import { AssignSection } from './assign-section';
import { CompanyCancelSection } from './cancel-booking-modal';
import { CompanyRefundSection } from './company-refund-modal';
import { RefundLines } from './refund-lines';
import { BookingDocuments } from './booking-documents';
import { BookingMessagesSection } from './booking-messages-section';
import { HistoryPriceNote } from './history-price-note';
import { HireSection } from './hire-section';
import { FlightSection } from './flight-section';
import { getStoredLanguage } from '../../../lib/language';

interface BookingDetailsProps {
  id: number;
  onAction: (action: 'accept' | 'deposit-received' | 'complete') => void;
  onReject: () => void;
}

type Entry = [label: string, value: ReactNode];

function Facts({ title, entries }: { title: string; entries: Entry[] }) {
  const shown = entries.filter(([, value]) => value !== null && value !== undefined && value !== '');
  if (shown.length === 0) return null;
  return (
    <section className="details-section">
      <h3 className="details-title">{title}</h3>
      <dl className="details-list">
        {shown.map(([label, value]) => (
          <div key={label} className="details-row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A chauffeur's step as the history shows it. */
function MissionStep({ status }: { status: MissionStatus }) {
  const { t } = useTranslation('admin');
  return <strong>{t(`pages.bookings.missionStatus.${status}`)}</strong>;
}

/** Why a history line happened: a code's words, or what was typed (a rejection) or a provider's reference. */
function HistoryReasonText({ reason }: { reason: string | null }) {
  const { t } = useTranslation('admin');
  const found = historyReason(reason);
  if (!found) return null;
  const words = 'code' in found ? [t(`history.reasons.${found.code}`), found.text].filter(Boolean).join(' — ') : found.text;
  return <span className="history-reason"> — {words}</span>;
}

/** A number to call from the phone the admin holds: E.164 in the link, shown formatted. */
function PhoneLink({ phone }: { phone: string }) {
  return (
    <a href={`tel:${toE164(phone) ?? phone.replace(/[^\d+]/g, '')}`} dir="ltr">
      {formatPhone(phone)}
    </a>
  );
}

/** An address to write to; none for a customer registered by phone without e-mail (decision 0119). */
const MailLink = ({ email }: { email: string }) => (isNoEmailAddress(email) ? null : <a href={`mailto:${email}`}>{email}</a>);

const dateTime = (iso: string) => formatParisDateTime(iso, getStoredLanguage());

/**
 * Everything known of one booking, its status history and payments, with what the company can
 * do next: Accepter / Refuser while pending, the cash deposit received once accepted, done once paid.
 */
export function BookingDetails({ id, onAction, onReject }: BookingDetailsProps) {
  const { t } = useTranslation('admin');
  const language = getStoredLanguage();
  const details = useBookingDetails(id);
  if (details.isPending) return <Spinner label={t('table.loading')} />;
  if (details.isError) return <p role="alert">{errorMessage(details.error)}</p>;
  const b: Details = details.data;
  const money = (cents: number | null) => (cents === null ? null : formatEuros(cents, language));
  const k = (key: string) => t(`pages.bookings.fields.${key}`);

  return (
    <div className="booking-details">
      <p className="details-status">
        <StatusBadge status={b.status} paymentState={b.settlement.payment_state} />
      </p>
      {b.status === 'pending' ? (
        <div className="modal-actions details-actions">
          <button type="button" className="btn btn-primary" onClick={() => onAction('accept')}>
            {t('actions.accept')}
          </button>
          <button type="button" className="btn btn-danger" onClick={onReject}>
            {t('actions.reject')}
          </button>
        </div>
      ) : null}
      {/* A deposit promised in cash from the checkout page; cash chosen at step three is paid on board (decision 0117). */}
      {b.status === 'accepted' && b.payments.some((payment) => payment.method === 'cash' && payment.status === 'pending') ? (
        <div className="modal-actions details-actions">
          <button type="button" className="btn btn-primary" onClick={() => onAction('deposit-received')}>
            {t('actions.depositReceived')}
          </button>
        </div>
      ) : null}
      {b.status === 'paid' ? (
        <div className="modal-actions details-actions">
          <button type="button" className="btn btn-primary" onClick={() => onAction('complete')}>
            {t('actions.complete')}
          </button>
        </div>
      ) : null}
      <FlightSection booking={b} language={language} />
      <FlightSection booking={b} language={language} leg="return" />
      <CompanyCancelSection booking={b} />
      <AssignSection key={`${b.id}-${b.driver_id ?? 0}-${b.car?.id ?? 0}`} booking={b} />
      <NoShowSection booking={b} />
      <BalanceSection booking={b} />
      <Facts
        title={t('pages.bookings.sections.trip')}
        entries={[
          [k('pickup'), `${b.rent_date} ${formatTimeOfDay(b.rent_time, language)}`],
          [k('origin'), b.origin.title],
          ...b.stops.map((stop, index): Entry => [`${k('stop')} ${index + 1}`, stop.title]),
          // A hire without a drop-off has neither (decision 0137): its section says so.
          [k('destination'), b.hasDropOff ? b.destination.title : null],
          [k('distance'), b.hasDropOff ? (b.distance_estimated ? `${b.distance} (${k('estimated')})` : b.distance) : null],
          [k('passengers'), t('pages.bookings.passengers', b.passenger)],
          [k('luggage'), t('pages.bookings.luggage', b.package)],
          [k('car'), b.car ? `${b.car.name} (${b.car.model})` : null],
          [k('returnTrip'), b.return_rent ? `${t('pages.bookings.yes')}${b.info.date ? ` — ${formatDateFr(b.info.date)} ${formatTimeOfDay(b.info.date.slice(11), language)}` : ''}` : t('pages.bookings.no')],
        ]}
      />
      <HireSection booking={b} language={language} />
      {b.hasDropOff ? <RouteMap trip={b} /> : null}
      <Facts
        title={t('pages.bookings.sections.price')}
        entries={[
          [k('oneWay'), money(b.one_way_cents)],
          [k('holidaySurcharge'), b.holiday_surcharge_cents ? money(b.holiday_surcharge_cents) : null],
          [k('total'), money(b.total_cents)],
          [k('deposit'), money(b.deposit_cents)],
          [k('paymentMethod'), b.payment_method ? t(`pages.bookings.methods.${b.payment_method}`) : null],
        ]}
      />
      <Facts
        title={t('pages.bookings.sections.customer')}
        entries={[
          [
            k('account'),
            <>
              {b.customer.fullName} <MailLink email={b.customer.email} />
              {b.customer.emailVerified || isNoEmailAddress(b.customer.email) ? '' : ` (${k('emailUnverified')})`}
            </>,
          ],
          [k('contactName'), b.contact.fullName],
          [k('email'), b.contact.email ? <MailLink email={b.contact.email} /> : null],
          [k('phone'), b.contact.phone ? <PhoneLink phone={b.contact.phone} /> : null],
          [k('state'), b.contact.state],
          [k('language'), b.language.toUpperCase()],
        ]}
      />
      <Facts
        title={t('pages.bookings.sections.pickup')}
        entries={[
          [k('address'), [b.info.address, b.info.city].filter(Boolean).join(', ')],
          [k('arriveTime'), b.info.arriveTime ? formatTimeOfDay(b.info.arriveTime, language) : null],
          [k('arriveFrom'), b.info.arriveFrom],
          [k('flightNumber'), b.info.flightNumber],
          [k('trainNumber'), b.info.trainNumber],
          [k('returnAddress'), [b.info.returnAddress, b.info.returnCity].filter(Boolean).join(', ')],
          [k('message'), b.info.message],
          [k('rejectionReason'), b.rejection_reason],
        ]}
      />
      <section className="details-section">
        <h3 className="details-title">{t('pages.bookings.sections.history')}</h3>
        <ol className="history-list">
          {b.history.map((entry, index) => (
            <li key={`${entry.created_at}-${index}`}>
              <span className="history-date">{dateTime(entry.created_at)}</span>{' '}
              {entry.mission_status ? (
                <MissionStep status={entry.mission_status} />
              ) : (
                <>
                  {entry.from_status && entry.from_status !== entry.to_status ? `${t(`bookingStatus.${entry.from_status}`)} → ` : ''}
                  <strong>{t(`bookingStatus.${entry.to_status}`)}</strong>
                </>
              )}{' '}
              <span className="history-actor">({t(`pages.bookings.actors.${entry.actor_kind}`)})</span>
              <HistoryPriceNote entry={entry} />
              <HistoryReasonText reason={entry.reason} />
            </li>
          ))}
        </ol>
      </section>
      <BookingDocuments id={b.id} documents={b.documents} />
      <BookingMessagesSection id={b.id} />
      {b.payments.length > 0 ? (
        <section className="details-section">
          <h3 className="details-title">{t('pages.bookings.sections.payments')}</h3>
          <ul className="history-list">
            {b.payments.map((payment) => (
              <li key={payment.id}>
                <span className="history-date">{dateTime(payment.paid_at ?? payment.created_at)}</span>{' '}
                {t(`pages.bookings.methods.${payment.method}`)} — {money(payment.amount_cents)} —{' '}
                {t(`pages.bookings.paymentStatus.${payment.status}`, { defaultValue: payment.status })}
              </li>
            ))}
          </ul>
          <RefundLines bookingId={b.id} refunds={b.refunds} />
          <CompanyRefundSection booking={b} />
        </section>
      ) : null}
    </div>
  );
}
