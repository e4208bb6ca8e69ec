import { z } from 'zod';
import { eurosToCents, parseEuros } from '../pricing/euros-to-cents.ts';
import { optionalText, requiredText } from '../validation/form-fields.ts';

/** The reason the company gives when it cancels a booking, e-mailed to the customer and kept in the history. */
export const COMPANY_CANCEL_REASON_MAX = 500;

/**
 * What the company gives back when it cancels (decision 0121): what the customer's own
 * cancellation would give (`policy`: all of it more than 48 h before pickup, nothing later),
 * everything paid (`full`), nothing (`none`), or an amount in cents up to what was paid.
 */
export const RefundChoice = z.union([
  z.enum(['policy', 'full', 'none']),
  z.number({ error: 'invalid_value' }).int({ error: 'invalid_value' }).min(1, { error: 'invalid_value' }).max(100_000_000, { error: 'refund_above_paid' }),
]);
export type RefundChoice = z.infer<typeof RefundChoice>;

/** `PUT /api/booking/cancel/{id}` (admin). */
export const CompanyCancelBody = z.object({
  reason: requiredText(COMPANY_CANCEL_REASON_MAX).meta({ description: 'Why the company cancels: e-mailed to the customer and the chauffeur, kept in the history' }),
  refund: RefundChoice.meta({ description: '`policy`, `full`, `none`, or an amount in cents (1 up to what was paid)' }),
});
export type CompanyCancelBody = z.infer<typeof CompanyCancelBody>;

/** The answer to a company's cancellation: what is given back, and through what. */
export const CompanyCancelResponse = z.object({
  message: z.string(),
  data: z.object({
    id: z.number().int(),
    status: z.literal('cancelled'),
    refundCents: z.number().int().meta({ description: 'Given back in all: through Stripe or PayPal by the refund job, cash by hand' }),
    creditNote: z.string().nullable().meta({ description: 'The number of the credit note issued for the refund, if any' }),
  }),
});
export type CompanyCancelResponse = z.infer<typeof CompanyCancelResponse>;

/** The back office's cancel form: the reason, a refund choice, and the amount in euros when the choice is `amount`. */
export const CompanyCancelForm = z
  .object({
    reason: requiredText(COMPANY_CANCEL_REASON_MAX),
    refund: z.enum(['policy', 'full', 'none', 'amount']),
    amount: z.string(),
  })
  .superRefine((form, context) => {
    if (form.refund !== 'amount') return;
    const euros = parseEuros(form.amount);
    if (euros === null || euros <= 0) context.addIssue({ code: 'custom', path: ['amount'], message: form.amount.trim() === '' ? 'required' : 'price_invalid' });
  });
export type CompanyCancelForm = z.infer<typeof CompanyCancelForm>;

/** The request a valid form sends: an amount in euros becomes cents. */
export function toCompanyCancelBody(form: CompanyCancelForm): CompanyCancelBody {
  return { reason: form.reason, refund: form.refund === 'amount' ? eurosToCents(form.amount) : form.refund };
}

/** A refund line of a booking (decision 0152): `refund-<id>`, a cancellation's, a lower price's or the company's. */
export const RefundLineId = z.string({ error: 'invalid_value' }).regex(/^refund-[1-9]\d{0,9}$/, { error: 'invalid_value' });

/** What the company may note of a refund it made itself (a bank transfer's reference, the provider's dashboard). */
export const REFUND_REFERENCE_MAX = 100;

/** `PUT /api/booking/refund/settle/{id}` (admin): a refund the provider could not make, made by the company itself. */
export const SettleRefundBody = z.object({
  refund: RefundLineId.meta({ description: 'The refund line’s `id` in the booking’s details (`refund-<id>`)' }),
  reference: optionalText(REFUND_REFERENCE_MAX).meta({ description: 'How it was given back (a transfer’s reference...), kept in the history' }),
});
export type SettleRefundBody = z.infer<typeof SettleRefundBody>;
export type SettleRefundInput = z.input<typeof SettleRefundBody>;

export const SettleRefundResponse = z.object({
  message: z.string(),
  data: z.object({ id: z.number().int(), refund: z.string(), refundedAt: z.string().meta({ format: 'date-time' }) }),
});
export type SettleRefundResponse = z.infer<typeof SettleRefundResponse>;

/** `POST /api/booking/refund/{id}` (admin, decision 0152): the company gives back part of what was paid, once more. */
export const CompanyRefundBody = z.object({
  amountCents: z
    .number({ error: 'invalid_value' })
    .int({ error: 'invalid_value' })
    .min(1, { error: 'invalid_value' })
    .max(100_000_000, { error: 'refund_above_paid' })
    .meta({ description: 'What to give back, in cents: at most what the payments still hold' }),
  reason: requiredText(COMPANY_CANCEL_REASON_MAX).meta({ description: 'Why (a goodwill gesture, a trip shortened...): mailed to the customer and kept in the history' }),
});
export type CompanyRefundBody = z.infer<typeof CompanyRefundBody>;

/** The back office's refund form (decision 0157): the amount in euros, and the reason mailed to the customer. */
export const CompanyRefundForm = z
  .object({
    amount: z.string(),
    reason: requiredText(COMPANY_CANCEL_REASON_MAX),
  })
  .superRefine((form, context) => {
    const euros = parseEuros(form.amount);
    if (euros === null || euros <= 0) context.addIssue({ code: 'custom', path: ['amount'], message: form.amount.trim() === '' ? 'required' : 'price_invalid' });
  });
export type CompanyRefundForm = z.infer<typeof CompanyRefundForm>;

/** The request a valid refund form sends: euros become cents. */
export function toCompanyRefundBody(form: CompanyRefundForm): CompanyRefundBody {
  return { amountCents: eurosToCents(form.amount), reason: form.reason };
}

export const CompanyRefundResponse = z.object({
  message: z.string(),
  data: z.object({
    id: z.number().int(),
    refunds: z.array(z.string()).meta({ description: 'The new refund lines (`refund-<id>`), one per payment it is taken from, oldest payment first' }),
    refundCents: z.number().int(),
    creditNote: z.string().nullable().meta({ description: 'The credit note issued for it (decisions 0157, 0162); null only when the documents are already credited in full' }),
  }),
});
export type CompanyRefundResponse = z.infer<typeof CompanyRefundResponse>;
