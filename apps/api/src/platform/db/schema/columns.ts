// Column helpers and custom column types shared by the tables.
import { customType, timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A PostgreSQL tstzrange, read and written as its text form ('[from,to)'). */
export const tstzrange = customType<{ data: string }>({ dataType: () => 'tstzrange' });

export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
