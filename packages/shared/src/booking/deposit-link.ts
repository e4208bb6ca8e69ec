import { z } from 'zod';

/**
 * A new deposit link (decision 0177): `POST /api/user/booking/deposit-link/{id}` (the customer,
 * from "Mes réservations") and `POST /api/booking/deposit-link/{id}` (the company, which mails it).
 */
export const DepositLinkResponse = z.object({
  message: z.string(),
  data: z.object({
    id: z.number().int(),
    checkout_url: z.string().meta({ description: 'The deposit page, with a new token valid until pickup and at least a day' }),
    amount_due_cents: z.number().int().meta({ description: 'What the page asks: the deposit, or a paid booking’s difference after a higher price' }),
    mailed: z.boolean().meta({ description: 'True when the link was mailed to the customer (the company’s call)' }),
  }),
});
export type DepositLinkResponse = z.infer<typeof DepositLinkResponse>;
