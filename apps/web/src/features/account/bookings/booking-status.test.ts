import { describe, expect, it } from 'vitest';
import { listPaymentState } from './booking-status';

describe('what a line of "Mes réservations" says is paid', () => {
  it('says cash is paid on board, a card deposit due or paid, and names a completed trip by its status alone', () => {
    expect(listPaymentState({ status: 'accepted', payment_method: 'cash' })).toBe('pay_on_board');
    expect(listPaymentState({ status: 'accepted', payment_method: 'stripe' })).toBe('deposit_due');
    expect(listPaymentState({ status: 'paid', payment_method: 'paypal' })).toBe('deposit_paid');
    expect(listPaymentState({ status: 'completed', payment_method: 'cash' })).toBeNull();
    expect(listPaymentState({ status: 'pending', payment_method: 'cash' })).toBeNull();
    expect(listPaymentState({ status: 'cancelled', payment_method: 'stripe' })).toBeNull();
  });
});
