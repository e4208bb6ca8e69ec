import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PublicConfig } from '@vtc/shared/site/site-responses';
import { hireLimits } from '../../config.ts';
import { flightsFollowed } from '../../platform/flights/flight-providers.ts';

/**
 * What the browser needs to know about this installation; nothing secret. The maps key is not
 * among it: the server alone calls the maps service (places and distances go through the API).
 */
const publicConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/config/public',
    { schema: { tags: ['config'], summary: 'Public settings of this installation', response: { 200: PublicConfig } } },
    async () => ({
      companyEmail: app.config.COMPANY_EMAIL,
      companyPhone: app.config.COMPANY_PHONE,
      whatsappUrl: `https://wa.me/${app.config.COMPANY_WHATSAPP}`,
      stripeEnabled: Boolean(app.config.STRIPE_SECRET_KEY && app.config.STRIPE_WEBHOOK_SECRET),
      // The site promises to follow flights only when a provider does (decision 0144).
      flightsFollowed: flightsFollowed(app.config),
      texts: app.config.SMS_PROVIDER === 'none' ? null : app.config.SMS_CHANNEL,
      holidaySurchargePercent: app.config.HOLIDAY_SURCHARGE_PERCENT,
      // The same settings step three and the mails read (booking/booking-terms.ts).
      waitingMinutes: { airport: app.config.WAITING_MINUTES_AIRPORT, station: app.config.WAITING_MINUTES_STATION, other: app.config.WAITING_MINUTES_OTHER },
      hire: hireLimits(app.config),
      positionRetentionHours: app.config.POSITION_RETENTION_HOURS,
      mapTiles: app.config.MAP_TILE_URL ? { url: app.config.MAP_TILE_URL, attribution: app.config.MAP_TILE_ATTRIBUTION ?? null } : null,
      company: {
        legalName: app.config.COMPANY_LEGAL_NAME,
        address: app.config.COMPANY_ADDRESS,
        siren: app.config.COMPANY_SIREN,
        vtcRegister: app.config.COMPANY_VTC_REGISTER,
        vatNumber: app.config.COMPANY_VAT_NUMBER,
        hostingProvider: app.config.COMPANY_HOSTING_PROVIDER,
        mediator: app.config.COMPANY_MEDIATOR,
        mediatorUrl: app.config.COMPANY_MEDIATOR_URL,
      },
    }),
  );
};

export default publicConfigRoutes;
