import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '@vtc/shared/i18n/languages';

/** The providers a payment can go through; cash is handed to the chauffeur and has none. */
export type ProviderId = 'stripe' | 'paypal';

/**
 * What a provider's page is opened for: a booking's deposit (`bookingId`), or a company's
 * month-end statement (`statement`, decision 0150, with `bookingId` 0), in the payer's language.
 */
export type PaymentRequest = {
  bookingId: number;
  statement?: { id: number; number: string } | undefined;
  amountCents: number;
  language: Language;
  /** The account's verified e-mail, which the provider may prefill and send its receipt to; never a typed one. */
  verifiedEmail: string | null;
  /** Where the customer lands after paying, and where they go back to without paying. */
  successUrl: string;
  cancelUrl: string;
};

/** A provider's page opened for a payment: where the customer goes, and the provider's reference to it. */
export type StartedPayment = { url: string; reference: string; amountCents: number; currency: string };

/** A payment the provider reports paid, as the booking records it. */
export type PaidPayment = {
  bookingId: number | undefined;
  /** A month-end statement's payment (decision 0150): the statement, and no booking. */
  statementId?: number | undefined;
  reference: string;
  captureId?: string | undefined;
  amountCents: number | undefined;
  currency: string;
  /** The history line's reason: the provider's event or capture. */
  reason: string;
};

/** A verified webhook, read: its event id (recorded once) and what it says happened. */
export type WebhookEvent = {
  eventKey: string;
  type: string;
  outcome: { kind: 'paid'; paid: PaidPayment } | { kind: 'ended'; reference: string; status: 'expired' | 'failed' } | null;
};

/** A paid payment to give back, whole or in part. */
export type RefundRequest = { paymentId: number; bookingId: number; reference: string | null; captureId: string | null; amountCents: number };

export type RefundOutcome = { kind: 'refunded'; refundId: string } | { kind: 'by_hand'; why: string };

/**
 * One payment provider behind the booking's provider-neutral payments (decision 0114). Each lives
 * in its own folder beside this file with its SDK client; adding a provider is a new folder and one
 * line in `payment-providers.ts`. Every call may throw an AppError the route answers as it is.
 */
export interface PaymentProvider {
  readonly id: ProviderId;
  /** Opens the provider's page for the amount. */
  start(request: PaymentRequest, log: FastifyBaseLogger): Promise<StartedPayment>;
  /**
   * Captures a payment the customer approved on the provider's page, on their return (PayPal).
   * Absent where the provider settles by webhook alone (Stripe Checkout).
   */
  capture?(reference: string, bookingId: number, log: FastifyBaseLogger): Promise<{ completed: false } | { completed: true; paid: PaidPayment }>;
  /** Closes a page still open, so that it can no longer take the money; false when the provider refused. */
  close?(reference: string, bookingId: number, log: FastifyBaseLogger): Promise<boolean>;
  /** Gives a paid payment back, once per idempotency key. */
  refund(request: RefundRequest, idempotencyKey: string, log: FastifyBaseLogger): Promise<RefundOutcome>;
  /** Checks a webhook's signature (400 signature_invalid otherwise) and reads what it reports. */
  readWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>, log: FastifyBaseLogger): Promise<WebhookEvent>;
}
