import { describe, expect, it } from 'vitest';
import { BalanceBody, eurosTextToCents, paymentStateOf } from './booking-balance.ts';
import { issuesOf } from '../test-support/issues.ts';

describe('the balance (decision 0117)', () => {
  it('reads euros as people type them', () => {
    expect(eurosTextToCents('76')).toBe(7600);
    expect(eurosTextToCents('76,5')).toBe(7650);
    expect(eurosTextToCents(' 1 076,00 € ')).toBe(107_600);
    expect(eurosTextToCents('76.05')).toBe(7605);
    for (const bad of ['', 'abc', '7,655', '-5', '1e3']) expect(eurosTextToCents(bad)).toBeNull();
  });
  it('refuses a zero or missing amount and an unknown way of paying', () => {
    expect(issuesOf(BalanceBody.safeParse({ amountCents: 0, method: 'cheque' }))).toEqual({ amountCents: 'invalid_value', method: 'invalid_value' });
    expect(BalanceBody.parse({ amountCents: '7600', method: 'card_terminal' })).toEqual({ amountCents: 7600, method: 'card_terminal' });
  });
  it('names what is paid in each state', () => {
    const of = (status: Parameters<typeof paymentStateOf>[0]['status'], extra: Partial<Parameters<typeof paymentStateOf>[0]> = {}) =>
      paymentStateOf({ status, paymentMethod: 'stripe', balanceDueCents: 0, noShow: false, onAccount: false, ...extra });
    expect(of('accepted', { paymentMethod: 'cash' })).toBe('pay_on_board');
    expect(of('accepted')).toBe('deposit_due');
    // A company's trip is billed on its statement (decision 0155), whatever method the form held.
    expect(of('accepted', { onAccount: true })).toBe('on_account');
    expect(of('accepted', { onAccount: true, paymentMethod: 'cash' })).toBe('on_account');
    expect(of('paid')).toBe('deposit_paid');
    expect(of('completed', { balanceDueCents: 1 })).toBe('balance_due');
    expect(of('completed')).toBe('settled');
    // A company's done trip is paid when its month-end statement is (decision 0161), not before.
    expect(of('completed', { onAccount: true })).toBe('on_statement');
    expect(of('completed', { onAccount: true, statementPaid: false })).toBe('on_statement');
    expect(of('completed', { onAccount: true, statementPaid: true })).toBe('settled');
    expect(of('cancelled', { noShow: true })).toBe('no_show');
    expect(of('cancelled')).toBeNull();
    expect(of('pending')).toBeNull();
  });
});
