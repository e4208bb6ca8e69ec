import type { IncomingHttpHeaders } from 'node:http';
import { startLoopbackServer } from './loopback-server';

/** A flight as the stub reports it: its schedule, its delay (minutes, revised arrival) and AeroDataBox's status word. */
export type StubFlight = { scheduledArrival: Date; delayMinutes?: number; status?: string; arrivalIata?: string };
export type StubAnswer = { status?: number; body?: unknown; delayMs?: number };
export type StubRequest = { method: string; path: string; headers: IncomingHttpHeaders };

/** "2027-05-01 10:45Z", AeroDataBox's UTC form. */
const utc = (instant: Date) => `${instant.toISOString().slice(0, 16).replace('T', ' ')}Z`;

/** One item of GET /flights/number/{number}/{date}, in AeroDataBox's shape (FlightContract). */
export function aeroDataBoxFlight(number: string, flight: StubFlight) {
  const revised = new Date(flight.scheduledArrival.getTime() + (flight.delayMinutes ?? 0) * 60_000);
  const departure = new Date(flight.scheduledArrival.getTime() - 95 * 60_000);
  return {
    number: number.replace(/^([A-Z0-9]{2})/, '$1 '),
    status: flight.status ?? (flight.delayMinutes ? 'Delayed' : 'Expected'),
    codeshareStatus: 'IsOperator',
    isCargo: false,
    departure: { airport: { icao: 'LFPG', iata: 'CDG', name: 'Paris Charles de Gaulle' }, scheduledTime: { utc: utc(departure), local: utc(departure) }, quality: ['Basic'] },
    arrival: {
      airport: { icao: 'LFMN', iata: flight.arrivalIata ?? 'NCE', name: 'Nice Côte d’Azur' },
      scheduledTime: { utc: utc(flight.scheduledArrival), local: utc(flight.scheduledArrival) },
      ...(flight.delayMinutes === undefined ? {} : { revisedTime: { utc: utc(revised), local: utc(revised) } }),
      quality: ['Basic', 'Live'],
    },
    airline: { name: 'Air France', iata: 'AF', icao: 'AFR' },
  };
}

/**
 * A stand-in for AeroDataBox's flight status API on loopback (GET /flights/number/{number}/{dateLocal}),
 * for the provider pointed at it with FLIGHTS_API_URL. `flights` holds what it reports, by
 * "NUMBER/yyyy-mm-dd"; a number it does not know answers 204 (AeroDataBox's "no flight"). `next`
 * queues answers that win (a 500, a slow answer). POST /__control/flights with
 * `{ number, date, scheduledArrival, delayMinutes?, status? }` sets a flight (the browser tests').
 * Every request is kept.
 */
export async function startAeroDataBoxStub(options: { port?: number } = {}) {
  const flights = new Map<string, StubFlight>();
  const next: StubAnswer[] = [];
  const requests: StubRequest[] = [];
  const server = await startLoopbackServer((request, response, bytes) => {
    const path = request.url ?? '';
    const send = ({ status = 200, body, delayMs = 0 }: StubAnswer) =>
      setTimeout(() => {
        response.statusCode = status;
        if (body === undefined) return response.end();
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify(body));
      }, delayMs);
    if (request.method === 'POST' && path === '/__control/flights') {
      const set = JSON.parse(bytes.toString('utf8')) as { number: string; date: string; scheduledArrival: string; delayMinutes?: number; status?: string };
      flights.set(`${set.number}/${set.date}`, { scheduledArrival: new Date(set.scheduledArrival), delayMinutes: set.delayMinutes, status: set.status });
      return send({ status: 204 });
    }
    requests.push({ method: request.method ?? '', path, headers: request.headers });
    const queued = next.shift();
    if (queued) return send(queued);
    const match = /^\/flights\/number\/([^/?]+)\/(\d{4}-\d{2}-\d{2})/.exec(path);
    if (request.method !== 'GET' || !match) return send({ status: 404, body: { message: 'not found' } });
    const number = decodeURIComponent(match[1]!);
    const flight = flights.get(`${number}/${match[2]}`);
    return flight ? send({ body: [aeroDataBoxFlight(number, flight)] }) : send({ status: 204 });
  }, options.port ?? 0);
  return { url: server.url, flights, next, requests, close: server.close };
}

/** The app's settings for the stub. */
export const aeroDataBoxStubConfig = (url: string): Record<string, string> => ({
  FLIGHTS_PROVIDER: 'aerodatabox',
  FLIGHTS_API_KEY: 'stub-rapidapi-key',
  FLIGHTS_API_URL: url,
});
