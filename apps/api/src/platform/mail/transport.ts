import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailAttachment } from '../db/schema.ts';

export type MailMessage = {
  messageId: string;
  from: string;
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html?: string | null;
  attachments: MailAttachment[];
};

export type MailTransport = { kind: 'smtp' | 'file'; send(message: MailMessage): Promise<void>; close(): void };

function toNodemailer(message: MailMessage) {
  return {
    messageId: message.messageId,
    from: message.from,
    to: message.to,
    replyTo: message.replyTo ?? undefined,
    subject: message.subject,
    text: message.text,
    html: message.html ?? undefined,
    attachments: message.attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: a.content,
    })),
  };
}

/** SMTP when a URL is configured; otherwise each message is written as an .eml file (decisions §7). */
export function createMailTransport(options: { smtpUrl?: string; mailDir: string }): MailTransport {
  if (options.smtpUrl) {
    const transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send(message) {
        await transporter.sendMail(toNodemailer(message));
      },
      close: () => transporter.close(),
    };
  }
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'file',
    async send(message) {
      const info = await transporter.sendMail(toNodemailer(message));
      await mkdir(options.mailDir, { recursive: true });
      const safeId = message.messageId.replace(/[^\w.-]/g, '_');
      await writeFile(path.join(options.mailDir, `${safeId}.eml`), info.message as Buffer);
    },
    close: () => transporter.close(),
  };
}
