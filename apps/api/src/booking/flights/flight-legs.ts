import type { bookings } from '../../platform/db/schema.ts';

/**
 * Which of a booking's columns hold each leg's followed flight (decisions 0144, 0171): the
 * outbound's, or the return's, picked up at the airport the outbound ends at. The one place that
 * maps a leg to its columns: the watch, its mails, the booking's answer and the planning read and
 * write a leg's flight through it.
 */

/** The leg whose flight is followed: the outbound's pickup, or the return's. */
export type FlightLeg = 'outbound' | 'return';

const LEG_COLUMNS = {
  outbound: {
    number: 'flightNumber',
    pickupAt: 'pickupAt',
    status: 'flightStatus',
    checkedAt: 'flightCheckedAt',
    arrivalAt: 'flightArrivalAt',
    followedArrivalAt: 'flightFollowedArrivalAt',
    alert: 'flightAlert',
  },
  return: {
    number: 'returnFlightNumber',
    pickupAt: 'returnAt',
    status: 'returnFlightStatus',
    checkedAt: 'returnFlightCheckedAt',
    arrivalAt: 'returnFlightArrivalAt',
    followedArrivalAt: 'returnFlightFollowedArrivalAt',
    alert: 'returnFlightAlert',
  },
} as const satisfies Record<FlightLeg, Record<string, keyof typeof bookings.$inferSelect>>;

/** What is kept of a leg's flight. */
export type LegField = keyof (typeof LEG_COLUMNS)['outbound'];
/** The booking's column of that field, for either leg. */
export type LegColumn<F extends LegField> = (typeof LEG_COLUMNS)[FlightLeg][F];
type Row = typeof bookings.$inferSelect;
/** The field's value as the leg's column holds it (both legs' columns have one type). */
type LegValue<F extends LegField> = Row[(typeof LEG_COLUMNS)['outbound'][F]];

/** The name of the leg's column for that field (a key of the bookings table). */
export function legColumn<F extends LegField>(leg: FlightLeg, field: F): LegColumn<F> {
  return LEG_COLUMNS[leg][field];
}

/**
 * The leg's value of each field asked for, read from a row holding both legs' columns of them.
 * A return without its own time (none is followed then) reads the outbound's pickup.
 */
export function readLeg<F extends LegField>(row: Pick<Row, LegColumn<F>>, leg: FlightLeg, fields: readonly F[]): { [K in F]: LegValue<K> } {
  const values = {} as { [K in F]: LegValue<K> };
  const source = row as Record<string, unknown>;
  for (const field of fields) values[field] = source[legColumn(leg, field)] as LegValue<typeof field>;
  if ((fields as readonly LegField[]).includes('pickupAt') && leg === 'return') {
    (values as Record<string, unknown>).pickupAt ??= source.pickupAt;
  }
  return values;
}

/** Values for the leg's columns, to write: a field left out stays as it is. */
export function legValues(leg: FlightLeg, state: { [K in Exclude<LegField, 'number' | 'pickupAt'>]?: LegValue<K> }): Partial<Row> {
  const values: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(state)) values[legColumn(leg, field as LegField)] = value;
  return values as Partial<Row>;
}

/** What a new flight number on the leg clears: its followed state starts afresh. */
export function clearedLeg(leg: FlightLeg): Partial<Row> {
  return legValues(leg, { status: null, checkedAt: null, arrivalAt: null, followedArrivalAt: null, alert: null });
}
