import type { DbOrTx } from '../db/client.ts';
import { mailOutbox, type MailAttachment } from '../db/schema.ts';

export type OutgoingMail = {
  kind: string;
  to: string;
  /** Where an answer goes (the customer, on the company's mails about them). */
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** The booking the mail is about: its mails leave in the order they were written. */
  bookingId?: number;
  /** The account the mail is for, when it is a customer's. */
  recipientUserId?: number;
  /** Kept from the worker until the recipient verifies the address (decision 0053). */
  held?: boolean;
};

/**
 * Queues a mail. Call it with the transaction of the change that causes the mail, so that the
 * change and its mail are saved together or not at all (decisions §6).
 */
export async function enqueueMail(tx: DbOrTx, mail: OutgoingMail): Promise<number> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      kind: mail.kind,
      toAddress: mail.to,
      replyTo: mail.replyTo ?? null,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html ?? null,
      attachments: mail.attachments ?? [],
      bookingId: mail.bookingId ?? null,
      recipientUserId: mail.recipientUserId ?? null,
      ...(mail.held && { status: 'held' as const }),
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('outbox insert returned nothing');
  return row.id;
}
