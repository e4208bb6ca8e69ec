// The company accounts' mails read their words from the catalogue in each language: nothing left
// unfilled, the right-to-left layout for Arabic, and none of a visitor's words where the address may not be theirs.
import type { Language } from '@vtc/shared/i18n/languages';
import { describe, expect, it } from 'vitest';
import {
  companyApprovedMail,
  companyInvitationMail,
  companyMemberAddedMail,
  companyRefusedMail,
  companyRequestMail,
  companyRequestReceiptMail,
} from '../../src/accounts/mails/company-mails.ts';
import type { RenderedMail } from '../../src/platform/mail/layout.ts';

const company = { name: 'Riviera VTC SAS', phone: '+33 6 12 34 56 78', whatsappUrl: 'https://wa.me/33612345678', email: 'contact@riviera-vtc.fr' };
const LANGUAGES: Language[] = ['fr', 'en', 'ar'];

function expectFilled(mail: RenderedMail) {
  for (const part of [mail.subject, mail.text, mail.html]) {
    expect(part).not.toMatch(/\{\{|\}\}/);
    expect(part).not.toMatch(/company(Approved|Refused|Invitation|MemberAdded|Request|RequestReceipt)\./);
  }
}

describe('company account mails', () => {
  it('every mail is whole in each language', () => {
    for (const language of LANGUAGES) {
      const mails = [
        companyRequestReceiptMail(language, company),
        companyApprovedMail(language, { legalName: 'Hôtel Royal', next: 'sign_in', url: 'https://example.test/account/company', days: 14 }, company),
        companyApprovedMail(language, { legalName: 'Hôtel Royal', next: 'register', url: 'https://example.test/auth/register?email=a', days: 14 }, company),
        companyRefusedMail(language, { requestedAt: '3 mars 2027', reason: 'Secteur non couvert' }, company),
        companyInvitationMail(language, { legalName: 'Hôtel Royal', role: 'admin', url: 'https://example.test/auth/register?email=a', days: 14 }, company),
        companyInvitationMail(language, { legalName: 'Hôtel Royal', role: 'booker', url: 'https://example.test/auth/register?email=a', days: 14 }, company),
        companyMemberAddedMail(language, { fullName: 'Léa Durand', legalName: 'Hôtel Royal', role: 'booker', url: 'https://example.test/account/company' }, company),
      ];
      for (const mail of mails) {
        expectFilled(mail);
        if (language === 'ar') expect(mail.html).toContain('dir="rtl"');
      }
    }
  });

  it('the operator reads the request in French with what to check; the requester’s receipt holds none of their words', () => {
    const request = companyRequestMail(
      { legalName: 'Spam & Co', siren: '30326504500011', vatNumber: 'FR40303265045', address: '1 rue X', fullName: 'Eve', email: 'eve@example.test', phone: '+33612345678' },
      'https://example.test/companies',
    );
    expectFilled(request);
    expect(request.subject).toBe('Demande de compte professionnel : Spam & Co');
    expect(request.text).toContain('SIREN / SIRET : 303 265 045 00011');
    expect(request.text).toContain('Contact : Eve, eve@example.test, 06 12 34 56 78');
    for (const language of LANGUAGES) expect(companyRequestReceiptMail(language, company).text).not.toContain('Spam');
  });
});
