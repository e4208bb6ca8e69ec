import { z } from 'zod';

/** What the browser needs to know about this installation (`/api/config/public`); nothing secret. */
export const PublicConfig = z.object({
  companyEmail: z.string(),
  companyPhone: z.string(),
  whatsappUrl: z.string(),
  stripeEnabled: z.boolean(),
  holidaySurchargePercent: z.number(),
  /** The operator's identity, for the legal notice and the terms of sale. */
  company: z.object({
    legalName: z.string(),
    address: z.string(),
    siren: z.string(),
    vtcRegister: z.string(),
    vatNumber: z.string(),
    hostingProvider: z.string(),
  }),
});
export type PublicConfig = z.infer<typeof PublicConfig>;
