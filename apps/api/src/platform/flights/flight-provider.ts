/** One flight as a provider reports it, on the day asked (decision 0144). */
export type FlightReport = {
  /** The provider's words, e.g. AeroDataBox's `Expected`, `Delayed`, `Canceled`, `Arrived`. */
  status: string;
  /** The airport of arrival (IATA), when known. */
  arrivalAirport: string | null;
  scheduledArrival: Date;
  /** The arrival expected now: the revised time, else the predicted one, else the schedule. */
  expectedArrival: Date;
};

/**
 * Where the flights are looked up. `lookUp` resolves with every leg of that flight number on that
 * local date (none when the provider knows none), and rejects when the provider cannot answer
 * (down, an error, slower than the timeout): the next poll asks again.
 */
export type FlightProvider = {
  kind: 'aerodatabox';
  lookUp(flightNumber: string, localDate: string): Promise<FlightReport[]>;
};

export class FlightProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'FlightProviderError';
  }
}
