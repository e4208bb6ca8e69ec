import type { IncomingHttpHeaders } from 'node:http';
import { startLoopbackServer } from './loopback-server';

export type MapsStubRequest = { method: string; path: string; headers: IncomingHttpHeaders; body: unknown };
export type MapsStubAnswer = { status?: number; body?: unknown; delayMs?: number };

/**
 * A stand-in for Google's Places API (New) and Routes API on loopback, for the maps provider
 * pointed at it with MAPS_PLACES_API_URL and MAPS_ROUTES_API_URL. By default it answers
 * POST /v1/places:autocomplete with two predictions, GET /v1/places/{id} with a place near
 * Saint-Paul-de-Vence (404 for an id starting with "unknown"), and POST
 * /directions/v2:computeRoutes with one leg of 12.345 km per pair of points. `next` queues
 * answers that win over the defaults (a 503, a slow answer...). Every request is kept.
 */
export async function startMapsStub(): Promise<{
  placesUrl: string;
  routesUrl: string;
  requests: MapsStubRequest[];
  next: MapsStubAnswer[];
  close(): Promise<void>;
}> {
  const requests: MapsStubRequest[] = [];
  const next: MapsStubAnswer[] = [];
  const server = await startLoopbackServer((request, response, bytes) => {
    const text = bytes.toString('utf8');
    const body: unknown = text ? JSON.parse(text) : undefined;
    const path = request.url ?? '';
    requests.push({ method: request.method ?? '', path, headers: request.headers, body });
    const send = ({ status = 200, body: answer, delayMs = 0 }: MapsStubAnswer) =>
      setTimeout(() => {
        response.statusCode = status;
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify(answer ?? {}));
      }, delayMs);
    const queued = next.shift();
    if (queued) return send(queued);
    if (request.method === 'POST' && path === '/v1/places:autocomplete') {
      return send({
        body: {
          suggestions: [
            { placePrediction: { placeId: 'ChIJ-saint-paul', text: { text: 'Saint-Paul-de-Vence, France' }, types: ['locality'] } },
            { queryPrediction: { text: { text: 'saint paul restaurants' } } },
            { placePrediction: { placeId: 'ChIJ-via-roma', text: { text: 'Via Roma, Sanremo, Italia' }, types: ['route'] } },
          ],
        },
      });
    }
    const place = /^\/v1\/places\/([^/?]+)/.exec(path);
    if (request.method === 'GET' && place) {
      if (place[1]!.startsWith('unknown')) return send({ status: 404, body: { error: { code: 404, status: 'NOT_FOUND' } } });
      return send({
        body: {
          id: place[1],
          location: { latitude: 43.6967, longitude: 7.1222 },
          addressComponents: [{ longText: 'France', shortText: 'FR', types: ['country', 'political'] }],
        },
      });
    }
    if (request.method === 'POST' && path === '/directions/v2:computeRoutes') {
      const route = body as { intermediates?: unknown[] };
      const legs = Array.from({ length: (route.intermediates?.length ?? 0) + 1 }, (_, index) => ({
        distanceMeters: 12_345,
        startLocation: { latLng: { latitude: 43.5 + index / 10, longitude: 7 } },
        endLocation: { latLng: { latitude: 43.6 + index / 10, longitude: 7 } },
      }));
      return send({ body: { routes: [{ distanceMeters: 12_345 * legs.length, legs }] } });
    }
    return send({ status: 404, body: { error: { code: 404, message: `no stub for ${request.method} ${path}` } } });
  });
  return {
    placesUrl: `${server.url}/v1`,
    routesUrl: server.url,
    requests,
    next,
    close: server.close,
  };
}
