import { z } from 'zod';
import { FlightProviderError, type FlightProvider, type FlightReport } from './flight-provider.ts';

export const AERODATABOX_RAPIDAPI_URL = 'https://aerodatabox.p.rapidapi.com';

/** AeroDataBox's times: `{ utc: "2027-05-01 10:45Z", local: "2027-05-01 12:45+02:00" }`. */
const Time = z.object({ utc: z.string() }).loose();
const Movement = z
  .object({
    airport: z.object({ iata: z.string().optional() }).loose().optional(),
    scheduledTime: Time.optional(),
    revisedTime: Time.optional(),
    predictedTime: Time.optional(),
  })
  .loose();
const Flight = z.object({ status: z.string().default('Unknown'), arrival: Movement.optional() }).loose();
const Flights = z.array(Flight);

/** "2027-05-01 10:45Z" (AeroDataBox's UTC form) as an instant; undefined when unreadable. */
function instant(time: { utc: string } | undefined): Date | undefined {
  if (!time) return undefined;
  const date = new Date(time.utc.trim().replace(' ', 'T'));
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * AeroDataBox's flight status by number (GET /flights/number/{number}/{dateLocal}), through
 * RapidAPI (`X-RapidAPI-Key` and `X-RapidAPI-Host`) or API.Market (`x-magicapi-key`), with
 * Node's fetch: there is no official SDK. 204 or 404 means no such flight that day.
 */
export function createAeroDataBoxProvider(options: { apiKey: string; apiUrl?: string; keyHeader: string; timeoutMs: number }): FlightProvider {
  const base = (options.apiUrl ?? AERODATABOX_RAPIDAPI_URL).replace(/\/$/, '');
  const headers: Record<string, string> = { accept: 'application/json', [options.keyHeader]: options.apiKey };
  if (options.keyHeader.toLowerCase() === 'x-rapidapi-key') headers['X-RapidAPI-Host'] = new URL(base).host;
  return {
    kind: 'aerodatabox',
    async lookUp(flightNumber, localDate) {
      const url = `${base}/flights/number/${encodeURIComponent(flightNumber)}/${localDate}?withAircraftImage=false&withLocation=false`;
      let response: Response;
      let body: unknown;
      try {
        response = await fetch(url, { headers, signal: AbortSignal.timeout(options.timeoutMs) });
        if (response.status === 204 || response.status === 404) return [];
        if (!response.ok) throw new FlightProviderError(`AeroDataBox answered ${response.status}`);
        body = await response.json();
      } catch (error) {
        if (error instanceof FlightProviderError) throw error;
        throw new FlightProviderError(`AeroDataBox did not answer: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
      const parsed = Flights.safeParse(body);
      if (!parsed.success) throw new FlightProviderError('AeroDataBox answered something unreadable');
      const reports: FlightReport[] = [];
      for (const flight of parsed.data) {
        const scheduled = instant(flight.arrival?.scheduledTime);
        if (!scheduled) continue;
        const expected = instant(flight.arrival?.revisedTime) ?? instant(flight.arrival?.predictedTime) ?? scheduled;
        reports.push({ status: flight.status, arrivalAirport: flight.arrival?.airport?.iata ?? null, scheduledArrival: scheduled, expectedArrival: expected });
      }
      return reports;
    },
  };
}
