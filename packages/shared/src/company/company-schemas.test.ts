import { describe, expect, it } from 'vitest';
import { issuesOf } from '../test-support/issues.ts';
import { BillingBody, BookingBillingBody, CompanyBody, CompanyMemberBody, CompanyRequestBody } from './company-schemas.ts';

const REQUEST = {
  legalName: 'Hôtel Riviera SAS',
  siren: '303 265 045',
  vatNumber: 'FR 40 303 265 045',
  address: '1 promenade des Anglais, 06000 Nice',
  fullName: 'Claire Martin',
  email: 'claire@hotel-riviera.fr',
  phone: '06 12 34 56 78',
};

describe('CompanyRequestBody', () => {
  it('reads a request: identifiers compact, phone in E.164', () => {
    expect(CompanyRequestBody.parse(REQUEST)).toEqual({ ...REQUEST, siren: '303265045', vatNumber: 'FR40303265045', phone: '+33612345678' });
    expect(CompanyRequestBody.parse({ ...REQUEST, siren: '30326504500011', vatNumber: '' })).toMatchObject({ siren: '30326504500011', vatNumber: undefined });
  });
  it('refuses a wrong SIREN key, a VAT number of no EU format, and a VAT number of another SIREN', () => {
    expect(issuesOf(CompanyRequestBody.safeParse({ ...REQUEST, siren: '303265046', vatNumber: 'XX123' }))).toEqual({
      siren: 'siren_checksum',
      vatNumber: 'vat_number_invalid',
    });
    expect(issuesOf(CompanyRequestBody.safeParse({ ...REQUEST, siren: '542051180' }))).toEqual({ vatNumber: 'vat_siren_mismatch' });
    expect(issuesOf(CompanyRequestBody.safeParse({ ...REQUEST, vatNumber: 'FR41303265045' }))).toEqual({ vatNumber: 'vat_number_key_invalid' });
  });
  it('says a SIREN or VAT number is missing together with the other empty fields of a form', () => {
    const empty = { legalName: '', siren: '', vatNumber: '', address: '', fullName: '', email: '', phone: '' };
    expect(issuesOf(CompanyRequestBody.safeParse(empty))).toEqual({
      legalName: 'required',
      address: 'required',
      fullName: 'required',
      email: 'required',
      phone: 'required',
      siren: 'company_id_required',
    });
  });
  it('asks for a SIREN or a VAT number, and takes a foreign company by its VAT number alone', () => {
    expect(issuesOf(CompanyRequestBody.safeParse({ ...REQUEST, siren: ' ', vatNumber: undefined }))).toEqual({ siren: 'company_id_required' });
    expect(CompanyRequestBody.parse({ ...REQUEST, siren: undefined, vatNumber: 'IT 12345678901' })).toMatchObject({ vatNumber: 'IT12345678901' });
    expect(issuesOf(CompanyRequestBody.safeParse({}))).toEqual({
      legalName: 'required',
      address: 'required',
      fullName: 'required',
      email: 'required',
      phone: 'required',
      siren: 'company_id_required',
    });
  });
});

describe('CompanyBody', () => {
  const company = { legalName: 'Conciergerie du Port', siren: '542051180', billingAddress: '2 quai Lunel, Nice' };
  it('gives the terms their defaults and reads lists typed in one field', () => {
    expect(CompanyBody.parse({ ...company, billingEmails: 'Compta@Port.fr, factures@port.fr;compta@port.fr', costCentres: 'Réception\nÉvénements\n\nRéception' })).toEqual({
      ...company,
      vatNumber: undefined,
      billingEmails: ['compta@port.fr', 'factures@port.fr'],
      paymentTermsDays: 30,
      creditLimit: null,
      purchaseOrderRequired: false,
      costCentres: ['Réception', 'Événements'],
      discountPercent: 0,
    });
    expect(CompanyBody.parse({ ...company, paymentTermsDays: '45', creditLimit: '5 000'.replace(' ', ''), discountPercent: '7,5', purchaseOrderRequired: 'true' })).toMatchObject({
      paymentTermsDays: 45,
      creditLimit: 5000,
      discountPercent: 7.5,
      purchaseOrderRequired: true,
    });
  });
  it('refuses a bad e-mail in the list, terms beyond 60 days, a discount beyond 100 % and a bad amount', () => {
    expect(
      issuesOf(CompanyBody.safeParse({ ...company, billingEmails: 'a@b.fr, nope', paymentTermsDays: 90, discountPercent: '120', creditLimit: '12,345' })),
    ).toEqual({
      billingEmails: 'invalid_email',
      paymentTermsDays: 'out_of_range?min=0&max=60',
      discountPercent: 'percent_invalid',
      creditLimit: 'price_invalid',
    });
    expect(issuesOf(CompanyBody.safeParse({ ...company, costCentres: ['x'.repeat(61)], discountPercent: '7.555' }))).toEqual({
      costCentres: 'too_long?max=60',
      discountPercent: 'percent_invalid',
    });
  });
});

describe('members and billing', () => {
  it('reads an invitation, booker by default', () => {
    expect(CompanyMemberBody.parse({ email: 'Luc@Port.fr' })).toEqual({ email: 'luc@port.fr', role: 'booker', companyId: undefined });
    expect(issuesOf(CompanyMemberBody.safeParse({ email: 'x', role: 'owner' }))).toEqual({ email: 'invalid_email', role: 'invalid_value' });
  });
  it('checks a customer’s company details as a request’s, with a purchase order at step three', () => {
    expect(BillingBody.parse({ companyName: 'Yacht Services', address: 'Port Hercule, Monaco', vatNumber: 'fr 59 542051180' })).toEqual({
      companyName: 'Yacht Services',
      address: 'Port Hercule, Monaco',
      siren: undefined,
      vatNumber: 'FR59542051180',
    });
    expect(BookingBillingBody.parse({ companyName: 'A', address: 'B', siren: '542051180', purchaseOrder: ' PO-77 ' })).toMatchObject({ purchaseOrder: 'PO-77' });
    expect(issuesOf(BillingBody.safeParse({ companyName: 'A', address: 'B', siren: '12345' }))).toEqual({ siren: 'siren_length' });
  });
});
