// The database's one schema, split by area under schema/ (decision 0112's layout applied to the
// tables). This module gathers them because Drizzle takes the schema as one object (the client's
// relational queries) and drizzle-kit reads it from one entry to write the migrations.
export * from './schema/accounts.ts';
export * from './schema/bookings.ts';
export * from './schema/booking-changes.ts';
export * from './schema/catalogue.ts';
export * from './schema/companies.ts';
export * from './schema/documents.ts';
export * from './schema/drivers.ts';
export * from './schema/missions.ts';
export * from './schema/payments.ts';
export * from './schema/platform.ts';
export * from './schema/refunds.ts';
export * from './schema/feedback.ts';
