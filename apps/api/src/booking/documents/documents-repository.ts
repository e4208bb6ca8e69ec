import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { bookingStatusHistory, bookingVouchers, cars, companies, companyStatements, documentCounters, drivers, invoices, users } from '../../platform/db/schema.ts';

export type Series = (typeof documentCounters.$inferSelect)['series'];
export type VoucherRow = typeof bookingVouchers.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceKind = InvoiceRow['kind'];
export type NewInvoice = typeof invoices.$inferInsert;

/**
 * The next number of a series for a year, taken inside the caller's transaction (decision 0088).
 * The upsert locks the counter row: a concurrent issuer waits for this transaction to end, and a
 * rollback gives the number back, so the numbers that exist have no gap and never repeat.
 */
export async function takeNumber(tx: DbOrTx, series: Series, year: number): Promise<number> {
  const [row] = await tx
    .insert(documentCounters)
    .values({ series, year, next: 2 })
    .onConflictDoUpdate({ target: [documentCounters.series, documentCounters.year], set: { next: sql`${documentCounters.next} + 1` } })
    .returning({ taken: sql<number>`${documentCounters.next} - 1` });
  if (!row) throw new Error('document counter returned nothing');
  return Number(row.taken);
}

export async function latestVoucher(db: DbOrTx, bookingId: number): Promise<VoucherRow | undefined> {
  const [row] = await db.select().from(bookingVouchers).where(eq(bookingVouchers.bookingId, bookingId)).orderBy(desc(bookingVouchers.version)).limit(1);
  return row;
}

/** What a booking has been issued, for its owner's page: the voucher's latest version, then receipts, invoices, credit notes. */
export async function listBookingDocuments(db: DbOrTx, bookingId: number): Promise<{ kind: 'voucher' | InvoiceKind; number: string; issuedAt: Date }[]> {
  const voucher = await latestVoucher(db, bookingId);
  const issued = await db
    .select({ kind: invoices.kind, number: invoices.number, issuedAt: invoices.issuedAt })
    .from(invoices)
    .where(eq(invoices.bookingId, bookingId))
    .orderBy(asc(invoices.id));
  return [...(voucher ? [{ kind: 'voucher' as const, number: voucher.number, issuedAt: voucher.issuedAt }] : []), ...issued];
}

export async function findVoucherVersion(db: DbOrTx, bookingId: number, version: number): Promise<VoucherRow | undefined> {
  const [row] = await db
    .select()
    .from(bookingVouchers)
    .where(and(eq(bookingVouchers.bookingId, bookingId), eq(bookingVouchers.version, version)));
  return row;
}

export async function insertVoucher(tx: DbOrTx, values: typeof bookingVouchers.$inferInsert): Promise<VoucherRow> {
  const [row] = await tx.insert(bookingVouchers).values(values).returning();
  if (!row) throw new Error('voucher insert returned nothing');
  return row;
}

export async function insertInvoice(tx: DbOrTx, values: NewInvoice): Promise<InvoiceRow> {
  const [row] = await tx.insert(invoices).values(values).returning();
  if (!row) throw new Error('invoice insert returned nothing');
  return row;
}

/** A booking's latest document of a kind, or the one of that kind with this number. */
export async function findInvoiceOfBooking(db: DbOrTx, bookingId: number, kind: InvoiceKind, number?: string): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.bookingId, bookingId), eq(invoices.kind, kind), number === undefined ? undefined : eq(invoices.number, number)))
    .orderBy(desc(invoices.id))
    .limit(1);
  return row;
}

/** The receipt of a payment (decision 0152), if issued. */
export async function findReceiptOfPayment(db: DbOrTx, paymentId: number): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.paymentId, paymentId), eq(invoices.kind, 'receipt')));
  return row;
}

export async function findInvoice(db: DbOrTx, id: number): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row;
}

/**
 * The receipts and invoices of a booking with what credit notes have not yet cancelled of each
 * (`leftCents`), oldest first; a document credited in full is left out (decision 0162).
 */
export async function listDocumentsLeftToCredit(tx: DbOrTx, bookingId: number): Promise<(InvoiceRow & { leftCents: number })[]> {
  const rows = await tx.select().from(invoices).where(eq(invoices.bookingId, bookingId)).orderBy(asc(invoices.id));
  const credited = new Map<number, number>();
  for (const row of rows) if (row.kind === 'credit_note' && row.creditOf !== null) credited.set(row.creditOf, (credited.get(row.creditOf) ?? 0) - row.totalInclTaxCents);
  return rows
    .filter((row) => row.kind !== 'credit_note')
    .map((row) => ({ ...row, leftCents: row.totalInclTaxCents - (credited.get(row.id) ?? 0) }))
    .filter((row) => row.leftCents > 0);
}

/** Documents issued in [from, to), oldest first (the accountant's month). */
export async function listInvoicesIssued(db: DbOrTx, from: Date, to: Date): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(and(gte(invoices.issuedAt, from), lt(invoices.issuedAt, to)))
    .orderBy(asc(invoices.issuedAt), asc(invoices.id));
}

/** The month-end statements issued in a period (decision 0150), with their company's name, oldest first. */
export async function listStatementsIssued(db: DbOrTx, from: Date, to: Date) {
  return db
    .select({
      number: companyStatements.number,
      issuedAt: companyStatements.issuedAt,
      companyName: companies.legalName,
      totalExclTaxCents: companyStatements.totalExclTaxCents,
      vatCents: companyStatements.vatCents,
      totalInclTaxCents: companyStatements.totalInclTaxCents,
      vatRateBasisPoints: companyStatements.vatRateBasisPoints,
    })
    .from(companyStatements)
    .innerJoin(companies, eq(companies.id, companyStatements.companyId))
    .where(and(gte(companyStatements.issuedAt, from), lt(companyStatements.issuedAt, to)))
    .orderBy(asc(companyStatements.issuedAt), asc(companyStatements.id));
}

/** When the customer made the booking: its confirmation (pending), else its creation. */
export async function bookedAt(db: DbOrTx, bookingId: number, createdAt: Date): Promise<Date> {
  const [row] = await db
    .select({ at: bookingStatusHistory.createdAt })
    .from(bookingStatusHistory)
    .where(and(eq(bookingStatusHistory.bookingId, bookingId), eq(bookingStatusHistory.toStatus, 'pending')))
    .orderBy(asc(bookingStatusHistory.id))
    .limit(1);
  return row?.at ?? createdAt;
}

export async function voucherParties(db: DbOrTx, ids: { userId: number; carId: number | null; driverId: number | null }) {
  const [user] = await db.select({ fullName: users.fullName, phone: users.phone, email: users.email }).from(users).where(eq(users.id, ids.userId));
  const [car] = ids.carId === null ? [] : await db.select({ name: cars.name, model: cars.model, plate: cars.number }).from(cars).where(eq(cars.id, ids.carId));
  const [driver] =
    ids.driverId === null ? [] : await db.select({ fullName: drivers.fullName, phone: drivers.phone }).from(drivers).where(eq(drivers.id, ids.driverId));
  return { user, car, driver };
}
