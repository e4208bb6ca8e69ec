import { describe, expect, it } from 'vitest';
import { owesDepositOnline } from './deposit-link.ts';

const now = new Date('2027-03-01T08:00:00Z');
const settlement = { payment_state: 'deposit_due', on_account: false, deposit_received_cents: 0 } as const;
const booking = (overrides: Record<string, unknown> = {}) =>
  ({ status: 'accepted', deposit_cents: 4_000, pickup_at: '2027-03-02T08:00:00Z', settlement, payments: [], ...overrides }) as unknown as Parameters<typeof owesDepositOnline>[0];
const paidWithDifference = { status: 'paid', deposit_cents: 6_000, settlement: { ...settlement, payment_state: 'deposit_paid', deposit_received_cents: 4_000 } };

describe('owesDepositOnline (decision 0177)', () => {
  it('is true for an accepted card booking’s deposit and a paid booking’s difference', () => {
    expect(owesDepositOnline(booking(), now)).toBe(true);
    expect(owesDepositOnline(booking(paidWithDifference), now)).toBe(true);
  });

  it('is false for cash, a company’s trip, a deposit paid in full, and a pickup within the lead time', () => {
    expect(owesDepositOnline(booking({ settlement: { ...settlement, payment_state: 'pay_on_board' } }), now)).toBe(false);
    expect(owesDepositOnline(booking({ settlement: { ...settlement, payment_state: 'on_account', on_account: true } }), now)).toBe(false);
    expect(owesDepositOnline(booking({ status: 'paid', settlement: { ...settlement, payment_state: 'deposit_paid', deposit_received_cents: 4_000 } }), now)).toBe(false);
    expect(owesDepositOnline(booking({ pickup_at: '2027-03-01T09:30:00Z' }), now)).toBe(false);
    expect(owesDepositOnline(booking({ deposit_cents: 0 }), now)).toBe(false);
    // A difference the customer chose to hand to the chauffeur.
    expect(owesDepositOnline(booking({ ...paidWithDifference, payments: [{ method: 'cash', status: 'pending' }] }), now)).toBe(false);
  });
});
