import { describe, expect, it } from 'vitest';
import { CompanyRefundForm, toCompanyRefundBody } from './company-cancel-schemas.ts';
import { issuesOf } from '../test-support/issues.ts';

describe('the back office refund form (decision 0157)', () => {
  it('reads the amount in euros as typed and sends cents with the reason', () => {
    expect(toCompanyRefundBody(CompanyRefundForm.parse({ amount: '12,50', reason: 'Geste commercial' }))).toEqual({ amountCents: 1250, reason: 'Geste commercial' });
    expect(toCompanyRefundBody(CompanyRefundForm.parse({ amount: '40', reason: 'Trajet raccourci' })).amountCents).toBe(4000);
  });
  it('asks for an amount above zero and a reason', () => {
    expect(issuesOf(CompanyRefundForm.safeParse({ amount: '', reason: 'x' }))).toEqual({ amount: 'required' });
    expect(issuesOf(CompanyRefundForm.safeParse({ amount: '12', reason: '' }))).toEqual({ reason: 'required' });
    expect(issuesOf(CompanyRefundForm.safeParse({ amount: '0', reason: 'x' }))).toEqual({ amount: 'price_invalid' });
    expect(issuesOf(CompanyRefundForm.safeParse({ amount: 'abc', reason: 'x' }))).toEqual({ amount: 'price_invalid' });
  });
});
