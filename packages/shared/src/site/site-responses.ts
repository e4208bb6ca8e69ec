import { z } from 'zod';

/** What the browser needs to know about this installation (`/api/config/public`); nothing secret. */
export const PublicConfig = z.object({
  companyEmail: z.string(),
  companyPhone: z.string(),
  whatsappUrl: z.string(),
  stripeEnabled: z.boolean(),
  holidaySurchargePercent: z.number(),
});
export type PublicConfig = z.infer<typeof PublicConfig>;
