import { TextDelivery, type BookingMessage } from '@vtc/shared/booking/booking-message-responses';
import type { Db } from '../../platform/db/client.ts';
import { listBookingMessages } from '../../platform/mail/outbox.ts';
import { ADMIN_ACCESS, getBookingOr404 } from '../booking-access.ts';

/** Every mail and text of a booking with its channel and where it stands (decision 0130); 404 booking_not_found. */
export async function getBookingMessages(db: Db, id: number): Promise<BookingMessage[]> {
  await getBookingOr404(db, id, ADMIN_ACCESS);
  const rows = await listBookingMessages(db, id);
  return rows.map((row) => {
    const isText = row.channel !== 'email';
    return {
      id: row.id,
      kind: row.kind,
      channel: row.channel,
      to: row.toAddress,
      subject: isText ? null : row.subject,
      text: isText ? row.textBody : null,
      status: row.status,
      attempts: row.attempts,
      last_error: row.lastError,
      skip_reason: row.status === 'skipped' ? row.skipReason : null,
      provider_message_id: row.providerMessageId,
      delivery_status: TextDelivery.safeParse(row.deliveryStatus).data ?? null,
      created_at: row.createdAt.toISOString(),
      sent_at: row.sentAt?.toISOString() ?? null,
    };
  });
}
