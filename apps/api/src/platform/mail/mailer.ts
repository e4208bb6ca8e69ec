import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { TextSender } from '../texts/text-sender.ts';
import { createTextSender } from '../texts/text-senders.ts';
import { createOutboxWorker, type OutboxWorker } from './outbox-worker.ts';
import { createMailTransport } from './transport.ts';

declare module 'fastify' {
  interface FastifyInstance {
    outbox: OutboxWorker;
    /** The SMS provider (or its "none" twin) the outbox sends texts through (decision 0130). */
    texts: TextSender;
  }
}

export default fp(
  async function mailerPlugin(app: FastifyInstance) {
    const transport = createMailTransport({ smtpUrl: app.config.SMTP_URL, mailDir: app.config.MAIL_DIR });
    // Texts share the outbox (decision 0130): without a provider they are recorded as skipped.
    const texts = createTextSender(app.config);
    const worker = createOutboxWorker({
      db: app.db,
      transport,
      texts,
      from: app.config.MAIL_FROM,
      messageIdDomain: new URL(app.config.PUBLIC_URL).hostname,
      maxAttempts: app.config.MAIL_MAX_ATTEMPTS,
      pollMs: app.config.MAIL_POLL_MS,
      leaseSeconds: app.config.MAIL_LEASE_SECONDS,
      log: app.log,
    });
    app.decorate('outbox', worker);
    app.decorate('texts', texts);
    if (app.config.MAIL_WORKER) app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => worker.stop());
  },
  { name: 'mailer', dependencies: ['config'] },
);
