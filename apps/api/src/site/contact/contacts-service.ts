import type { ContactBody } from '@vtc/shared/contact/contact-schemas';
import type { Language } from '@vtc/shared/i18n/languages';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { users } from '../../platform/db/schema.ts';
import type { MailCompany } from '../../platform/mail/layout.ts';
import { MailCapReached, type MailCaps } from '../../platform/mail/mail-caps.ts';
import { enqueueMail, type OutgoingMail } from '../../platform/mail/outbox.ts';
import { contactCopyMail, contactMessageMail, contactReceiptMail } from './contact-message-mail.ts';
import { countContactMessagesFrom, insertContactMessage, listContactMessages, type ContactMessageRow } from './contacts-repository.ts';

export type ContactsDeps = { db: Db; companyEmail: string; company: MailCompany; mailCaps: MailCaps };

/** A stranger's mailbox gets at most one receipt from the form in this time (decision 0076). */
export const CONTACT_RECEIPT_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Keeps the message and queues, in one transaction (decisions §6): its mail to the company,
 * Reply-To the sender; and the sender's copy (decision 0076): the message itself only to the
 * verified address of the signed-in account that sent it, else a receipt with none of the
 * sender's words, once a day per address. Past the cap of such mails (decision 0107) the
 * sender's copy is left out; the message and the company's mail are kept whatever happens.
 */
export async function sendContactMessage(
  deps: ContactsDeps,
  body: ContactBody,
  language: Language,
  senderUserId: number | null = null,
): Promise<ContactMessageRow> {
  return deps.db.transaction(async (tx) => {
    const earlier = await countContactMessagesFrom(tx, body.email, new Date(Date.now() - CONTACT_RECEIPT_WINDOW_MS));
    const saved = await insertContactMessage(tx, { ...body, language });
    await enqueueMail(tx, { kind: 'contact_message', to: deps.companyEmail, replyTo: body.email, ...contactMessageMail(language, body) });
    const [account] = senderUserId
      ? await tx.select({ email: users.email, verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, senderUserId)).limit(1)
      : [];
    const copy = (mail: OutgoingMail) =>
      enqueueMail(tx, mail).catch((error: unknown) => {
        if (!(error instanceof MailCapReached)) throw error;
      });
    if (account?.verifiedAt && senderUserId) {
      const cap = { caps: deps.mailCaps, accountId: senderUserId };
      await copy({ kind: 'contact_copy', to: account.email, recipientUserId: senderUserId, cap, ...contactCopyMail(language, body, deps.company) });
    } else if (earlier === 0) {
      await copy({ kind: 'contact_receipt', to: body.email, cap: { caps: deps.mailCaps }, ...contactReceiptMail(language, deps.company) });
    }
    return saved;
  });
}

/** One page, newest first, and the cursor of the next page (null on the last one). */
export async function getContactMessages(
  db: Db,
  page: { after?: number; limit: number },
): Promise<{ rows: ContactMessageRow[]; nextCursor: number | null }> {
  const rows = await listContactMessages(db, { beforeId: page.after, limit: page.limit + 1 });
  const pageRows = rows.slice(0, page.limit);
  return { rows: pageRows, nextCursor: rows.length > page.limit ? (pageRows.at(-1)?.id ?? null) : null };
}
