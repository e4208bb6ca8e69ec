import { describe, expect, it } from 'vitest';
import { listPaymentState } from './booking-status';

describe('what a line of "Mes réservations" says is paid', () => {
  it('says cash is paid on board, a card deposit due or paid, and names a completed trip by its status alone', () => {
    expect(listPaymentState({ status: 'accepted', payment_method: 'cash', on_account: false })).toBe('pay_on_board');
    expect(listPaymentState({ status: 'accepted', payment_method: 'stripe', on_account: false })).toBe('deposit_due');
    // A company member's trip is on the company's account (decision 0155): nothing to pay now.
    expect(listPaymentState({ status: 'accepted', payment_method: 'stripe', on_account: true })).toBe('on_account');
    expect(listPaymentState({ status: 'paid', payment_method: 'paypal', on_account: false })).toBe('deposit_paid');
    expect(listPaymentState({ status: 'completed', payment_method: 'cash', on_account: false })).toBeNull();
    expect(listPaymentState({ status: 'pending', payment_method: 'cash', on_account: false })).toBeNull();
    expect(listPaymentState({ status: 'cancelled', payment_method: 'stripe', on_account: false })).toBeNull();
  });
});
