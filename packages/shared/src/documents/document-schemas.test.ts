import { describe, expect, it } from 'vitest';
import { BookingInvoiceQuery, InvoiceMonthQuery, VoucherQuery } from './document-schemas.ts';

describe('document queries', () => {
  it('takes a month as YYYY-MM only', () => {
    expect(InvoiceMonthQuery.safeParse({ month: '2026-11' }).success).toBe(true);
    for (const month of ['2026-13', '2026-1', '26-11', '2026-11-01', '']) {
      expect(InvoiceMonthQuery.safeParse({ month }).error?.issues[0]?.message).toBe('invalid_value');
    }
  });
  it('reads the invoice by default, and refuses an unknown kind', () => {
    expect(BookingInvoiceQuery.parse({})).toEqual({ kind: 'invoice' });
    expect(BookingInvoiceQuery.safeParse({ kind: 'bill' }).success).toBe(false);
  });
  it('refuses a malformed voucher number or version', () => {
    expect(VoucherQuery.parse({ version: '2', number: 'BR-2026-000001' })).toEqual({ version: 2, number: 'BR-2026-000001' });
    expect(VoucherQuery.safeParse({ number: 'BR-2026-1' }).success).toBe(false);
    expect(VoucherQuery.safeParse({ version: '0' }).success).toBe(false);
  });
});
