import type { BookingMessage, MessageChannel, MessageStatus, TextSkipReason } from '@vtc/shared/booking/booking-message-responses';
import { formatPhone } from '@vtc/shared/phone/phone-number';
import { formatParisDateTime } from '@vtc/shared/time/format-paris';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { getStoredLanguage } from '../../../lib/language';
import { useBookingMessages } from './bookings-api';
import './booking-messages.css';

/**
 * Every mail and text of a booking (decision 0130), oldest first: when it was written, by which
 * channel, to whom, its subject or words, and what became of it (for a text, as far as the
 * provider reported). Loaded when the section opens.
 */
export function BookingMessages({ id }: { id: number }) {
  const { t } = useTranslation('admin');
  const language = getStoredLanguage();
  const messages = useBookingMessages(id);
  const channels: Record<MessageChannel, string> = {
    email: t('pages.bookings.messages.channels.email'),
    sms: t('pages.bookings.messages.channels.sms'),
    whatsapp: t('pages.bookings.messages.channels.whatsapp'),
  };
  const statuses: Record<MessageStatus, string> = {
    pending: t('pages.bookings.messages.status.pending'),
    sending: t('pages.bookings.messages.status.sending'),
    sent: t('pages.bookings.messages.status.sent'),
    failed: t('pages.bookings.messages.status.failed'),
    held: t('pages.bookings.messages.status.held'),
    skipped: t('pages.bookings.messages.status.skipped'),
  };
  const delivery = {
    delivered: t('pages.bookings.messages.delivery.delivered'),
    read: t('pages.bookings.messages.delivery.read'),
    undelivered: t('pages.bookings.messages.delivery.undelivered'),
    failed: t('pages.bookings.messages.delivery.undelivered'),
  };
  /** Why a text was not sent (decisions 0148, 0149); without a provider, the status says it already. */
  const skipReasons: Record<Exclude<TextSkipReason, 'no_provider'>, string> = {
    whatsapp_template_missing: t('pages.bookings.messages.skipReasons.whatsapp_template_missing'),
    opted_out: t('pages.bookings.messages.skipReasons.opted_out'),
  };
  /** A text the provider reported on says how far it went; a skipped one why; otherwise what the outbox did. */
  const statusOf = (message: BookingMessage) => {
    if (message.delivery_status && message.delivery_status !== 'sent') return delivery[message.delivery_status];
    if (message.status === 'skipped' && message.skip_reason && message.skip_reason !== 'no_provider') return skipReasons[message.skip_reason];
    return statuses[message.status];
  };
  if (messages.isPending) return <Spinner label={t('table.loading')} />;
  if (messages.isError) return <p role="alert">{t('pages.bookings.messages.loadError')}</p>;
  if (messages.data.length === 0) return <p className="booking-messages-empty">{t('pages.bookings.messages.empty')}</p>;
  return (
    <ol className="booking-messages">
      {messages.data.map((message) => (
        <li key={message.id} className="booking-message">
          <p className="booking-message-head">
            <span className="history-date">{formatParisDateTime(message.sent_at ?? message.created_at, language)}</span>{' '}
            <strong>{channels[message.channel]}</strong>{' '}
            <span className="history-actor" dir="ltr">
              {t('pages.bookings.messages.to', { to: message.channel === 'email' ? message.to : formatPhone(message.to) })}
            </span>{' '}
            <span className={`booking-message-status is-${message.delivery_status ?? message.status}`} title={message.last_error ?? undefined}>
              {statusOf(message)}
              {message.status !== 'sent' && message.attempts > 1 ? ` — ${t('pages.bookings.messages.attempts', { number: message.attempts })}` : ''}
            </span>
          </p>
          <p className="booking-message-words" dir="auto">
            {message.subject ?? message.text}
          </p>
        </li>
      ))}
    </ol>
  );
}
