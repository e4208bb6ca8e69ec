import type { UpdateBookingInfoBody } from '@vtc/shared/booking/booking-info-schemas';
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { lockCompany, type CompanyRow } from '../../accounts/companies/companies-repository.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { bookings, companyStatements, type PassengerValue } from '../../platform/db/schema.ts';
import { AppError, fieldError } from '../../platform/lib/app-error.ts';

/** A trip to come or driven but not yet on a statement: what the company will be invoiced for (decision 0142). */
const OPEN_STATUSES = ['pending', 'accepted', 'paid'] as const;

/**
 * What a company owes or will owe (decision 0142): its statements not marked paid, plus its trips
 * to come (pending, accepted) and its completed trips no statement has billed yet. `except` leaves
 * out the booking being confirmed.
 */
export async function outstandingCents(db: DbOrTx, companyId: number, except?: number): Promise<number> {
  const [statements] = await db
    .select({ cents: sql<string>`coalesce(sum(${companyStatements.totalInclTaxCents}), 0)` })
    .from(companyStatements)
    .where(and(eq(companyStatements.companyId, companyId), isNull(companyStatements.paidAt)));
  const [trips] = await db
    .select({ cents: sql<string>`coalesce(sum(${bookings.totalCents}), 0)` })
    .from(bookings)
    .where(
      and(
        eq(bookings.companyId, companyId),
        or(inArray(bookings.status, [...OPEN_STATUSES]), and(eq(bookings.status, 'completed'), isNull(bookings.statementId))),
        except === undefined ? undefined : ne(bookings.id, except),
      ),
    );
  return Number(statements?.cents ?? 0) + Number(trips?.cents ?? 0);
}

/**
 * Refuses a member's booking that would take the company past its credit limit (decision 0142):
 * 409 credit_limit_exceeded with the limit and what is left, in the reader's language. The
 * company's row is locked first, so two members confirming at once are judged one after the
 * other. No limit (null) lets every booking through; a limit of 0 gives no credit: 409 credit_none
 * (decision 0151).
 */
export async function assertWithinCreditLimit(tx: DbOrTx, company: CompanyRow, bookingId: number, totalCents: number): Promise<void> {
  const locked = (await lockCompany(tx, company.id)) ?? company;
  if (locked.creditLimitCents === null) return;
  if (locked.creditLimitCents === 0) throw new AppError(409, 'credit_none');
  const owed = await outstandingCents(tx, company.id, bookingId);
  if (owed + totalCents <= locked.creditLimitCents) return;
  throw new AppError(409, 'credit_limit_exceeded', {
    limit: { euroCents: locked.creditLimitCents },
    available: { euroCents: Math.max(0, locked.creditLimitCents - owed) },
  });
}

export type GuestValues = { passenger: PassengerValue | null; costCentre: string | null; showPrice: boolean };

/**
 * Step three's guest fields (decision 0141): a member books for a passenger, with one of the
 * company's cost centres and the choice to hide the price from the guest; anyone else may not
 * (400 guest_for_members_only), nor name a cost centre the company does not have.
 */
export function guestValues(company: CompanyRow | null, info: Pick<UpdateBookingInfoBody, 'passenger' | 'costCenter' | 'showPrice'>): GuestValues {
  if (!company) {
    if (info.passenger) throw fieldError('passenger', 'guest_for_members_only');
    if (info.costCenter !== undefined) throw fieldError('costCenter', 'guest_for_members_only');
    return { passenger: null, costCentre: null, showPrice: true };
  }
  if (info.costCenter !== undefined && !company.costCentres.includes(info.costCenter)) throw fieldError('costCenter', 'cost_centre_unknown');
  const passenger = info.passenger
    ? { fullName: info.passenger.fullName, phone: info.passenger.phone, language: info.passenger.language, email: info.passenger.email ?? null }
    : null;
  return { passenger, costCentre: info.costCenter ?? null, showPrice: info.showPrice ?? true };
}
