import type { ContactBody } from '@vtc/shared/contact/contact-schemas';
import type { Language } from '@vtc/shared/i18n/languages';
import type { Db } from '../../platform/db/client.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { contactMessageMail } from './contact-message-mail.ts';
import { insertContactMessage, listContactMessages, type ContactMessageRow } from './contacts-repository.ts';

export type ContactsDeps = { db: Db; companyEmail: string };

/** Keeps the message and queues its mail to the company in one transaction (decisions §6). */
export async function sendContactMessage(deps: ContactsDeps, body: ContactBody, language: Language): Promise<ContactMessageRow> {
  return deps.db.transaction(async (tx) => {
    const saved = await insertContactMessage(tx, { ...body, language });
    await enqueueMail(tx, { kind: 'contact_message', to: deps.companyEmail, ...contactMessageMail(language, body) });
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
