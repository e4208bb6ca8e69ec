import { aeroDataBoxStubConfig, startAeroDataBoxStub } from '../../apps/api/test/support/aerodatabox-stub';

/**
 * AeroDataBox's flight status API stood in for at the network edge (loopback), for the app the
 * browser tests run (decision 0144): it knows no flight until a spec sets one through its control
 * path (`setStubFlight`). Its port follows the app's, so parallel runs do not meet.
 */
export const flightStubPort = (appPort: number) => Number(process.env.E2E_FLIGHT_PORT ?? appPort + 14000);

/** The app's environment for the stub (playwright.config.ts's webServer, a clock server's). */
export const flightStubEnv = (appPort: number): Record<string, string> => aeroDataBoxStubConfig(`http://127.0.0.1:${flightStubPort(appPort)}`);

/** Starts the stub; returns what stops it. */
export async function startFlightStub(appPort: number): Promise<() => Promise<void>> {
  const stub = await startAeroDataBoxStub({ port: flightStubPort(appPort) });
  return stub.close;
}

/** What the stub reports for that flight on that Paris day: its schedule and its delay. */
export async function setStubFlight(appPort: number, flight: { number: string; date: string; scheduledArrival: Date; delayMinutes?: number; status?: string }): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${flightStubPort(appPort)}/__control/flights`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...flight, scheduledArrival: flight.scheduledArrival.toISOString() }),
  });
  if (!response.ok) throw new Error(`the flight stub answered ${response.status}`);
}
