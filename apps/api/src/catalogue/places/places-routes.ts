import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FIXED_PLACES, fixedPlacesFor } from '@vtc/shared/places/fixed-places';
import { PlaceItem } from '@vtc/shared/places/place-responses';
import { booleanField } from '@vtc/shared/validation/form-fields';
import { ErrorResponse } from '../../platform/lib/api-schemas.ts';
import { AppError } from '../../platform/lib/app-error.ts';
import { fixedPlaceSuggestion } from './gazetteer.ts';
import { PlacesUnavailableError, type PlacesProvider } from './places-provider.ts';

const FixedMode = z.enum(['airport', 'station', 'town'], { error: 'invalid_value' });

/** Address suggestions and the fixed lists of the booking form's location picker (public). */
const placesRoutes: FastifyPluginAsyncZod<{ places: PlacesProvider }> = async (app, { places }) => {
  app.get(
    '/suggest',
    {
      // Public and, with a maps key, paid per call: limited per client address.
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['places'],
        summary: 'Places matching what the customer typed (address mode)',
        description:
          'Fixed places (airports, stations, towns, base cities) first, then towns (offline gazetteer) or addresses (maps service). ' +
          'Without `europe`, only France and Monaco; with it, also the other countries neighbouring France (Spain, Italy, Switzerland, Germany, Belgium, Luxembourg, Andorra). At most 10. ' +
          'A blank `q` gives an empty list. 503 service_unavailable when the maps service fails after 3 retries.',
        querystring: z.object({
          q: z.string().trim().max(100, 'invalid_value').default(''),
          europe: booleanField(),
        }),
        response: { 200: z.object({ data: z.array(PlaceItem) }), 400: ErrorResponse, 503: ErrorResponse },
      },
    },
    async (request) => {
      if (request.query.q === '') return { data: [] };
      try {
        return { data: await places.suggest(request.query.q, request.lang, { europe: request.query.europe }) };
      } catch (error) {
        if (error instanceof PlacesUnavailableError) {
          request.log.warn({ err: error }, 'maps suggestions failed');
          throw new AppError(503, 'service_unavailable');
        }
        throw error;
      }
    },
  );

  app.get(
    '/fixed',
    {
      schema: {
        tags: ['places'],
        summary: 'The fixed airports, stations and towns of the location picker',
        description: 'Titles in the language of Accept-Language. Without `mode`, the three lists together.',
        querystring: z.object({ mode: FixedMode.optional() }),
        response: { 200: z.object({ data: z.array(PlaceItem) }), 400: ErrorResponse },
      },
    },
    async (request) => {
      const list = request.query.mode ? fixedPlacesFor(request.query.mode) : FIXED_PLACES.filter((p) => p.kind !== 'city');
      return { data: list.map((place) => fixedPlaceSuggestion(place, request.lang)) };
    },
  );
};

export default placesRoutes;
