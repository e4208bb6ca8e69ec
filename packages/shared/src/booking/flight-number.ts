/**
 * A flight number as a customer types it ("af 7700", "EZY-8541", "u2 1234"): the airline's
 * IATA code (two letters or digits, at least one a letter) or ICAO code (three letters), then
 * 1 to 4 digits, and an optional one-letter operational suffix. Spaces, dots and hyphens are
 * tolerated; the stored form is compact and upper case ("AF7700"), as airlines and flight
 * trackers write it (decision 0102).
 */
const FLIGHT_NUMBER = /^([A-Z]{3}|[A-Z]{2}|[A-Z]\d|\d[A-Z])(\d{1,4})([A-Z]?)$/;

/** The compact upper-case flight number, or null when the text is not one. */
export function normalizeFlightNumber(value: string): string | null {
  const compact = value.normalize('NFKC').toUpperCase().replace(/[\s.\-–]/g, '');
  return FLIGHT_NUMBER.test(compact) ? compact : null;
}
