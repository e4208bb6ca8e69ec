import { z } from 'zod';

/** What the browser needs to know about this installation (`/api/config/public`); nothing secret. */
export const PublicConfig = z.object({
  companyEmail: z.string(),
  companyPhone: z.string(),
  whatsappUrl: z.string(),
  stripeEnabled: z.boolean(),
  flightsFollowed: z.boolean().meta({ description: 'Whether airport pickups follow their flight (decision 0144); false: the site does not promise it' }),
  texts: z
    .enum(['sms', 'whatsapp'])
    .nullable()
    .meta({ description: 'How customers who agree get texts about their bookings (decision 0130); null without an SMS provider: the forms do not ask' }),
  holidaySurchargePercent: z.number(),
  /** Waiting included at pickup, minutes, by the kind of place: the terms, step three and the mails say these (decision 0123). */
  waitingMinutes: z.object({ airport: z.number().int(), station: z.number().int(), other: z.number().int() }),
  /** How long a hire may be: the booking form's duration bounds (issue 22). */
  hire: z.object({ minHours: z.number(), maxHours: z.number(), stepMinutes: z.number().int(), maxDays: z.number().int() }),
  /** Hours the chauffeur's positions are kept after the trip (decision 0132): the privacy page says it. */
  positionRetentionHours: z.number(),
  mapTiles: z
    .object({
      url: z.string().meta({ description: 'Leaflet tile URL template ({z}/{x}/{y}, optionally {s})' }),
      attribution: z.string().nullable(),
    })
    .nullable()
    .meta({ description: 'Raster tiles drawn over the bundled basemap; null: the basemap alone' }),
  /** The operator's identity, for the legal notice and the terms of sale. */
  company: z.object({
    legalName: z.string(),
    address: z.string(),
    siren: z.string(),
    vtcRegister: z.string(),
    vatNumber: z.string(),
    hostingProvider: z.string(),
    mediator: z.string().meta({ description: 'The consumer mediator the company belongs to, with its address' }),
    mediatorUrl: z.string().meta({ description: 'The mediator’s site, where a consumer refers a dispute' }),
  }),
});
export type PublicConfig = z.infer<typeof PublicConfig>;
