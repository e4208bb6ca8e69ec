import type { Language } from '@vtc/shared/i18n/languages';
import { formatSiren, formatVatNumber } from '@vtc/shared/company/company-identifiers';
import { formatPhone } from '@vtc/shared/phone/phone-number';
import { renderMail, type MailCompany, type RenderedMail } from '../../platform/mail/layout.ts';
import { mailI18n } from '../../platform/mail/mail-i18n.ts';

/** The operator reads its own mails in French (decision 0122). */
const OPERATOR_LANGUAGE: Language = 'fr';

export type CompanyRequestMailData = {
  legalName: string;
  siren: string | null;
  vatNumber: string | null;
  address: string;
  fullName: string;
  email: string;
  phone: string;
};

/** To the operator: a visitor asks for a business account; what to check, and the back office to answer it. */
export function companyRequestMail(data: CompanyRequestMailData, backOfficeUrl: string): RenderedMail {
  const language = OPERATOR_LANGUAGE;
  const t = mailI18n.getFixedT(language, 'mail');
  return renderMail(language, {
    subject: t('companyRequest.subject', { name: data.legalName }),
    greeting: t('greetingNoName'),
    paragraphs: [t('companyRequest.body', { name: data.fullName })],
    details: [
      t('companyRequest.legalName', { value: data.legalName }),
      ...(data.siren ? [t('companyRequest.siren', { value: formatSiren(data.siren) })] : []),
      ...(data.vatNumber ? [t('companyRequest.vatNumber', { value: formatVatNumber(data.vatNumber) })] : []),
      t('companyRequest.address', { value: data.address }),
      t('companyRequest.contact', { name: data.fullName, email: data.email, phone: formatPhone(data.phone) }),
    ],
    action: { label: t('companyRequest.action'), url: backOfficeUrl },
    signature: t('contactMessage.signature'),
  });
}

/**
 * To the address typed in the request: a receipt written entirely by us, with nothing the visitor
 * typed (the address may not be theirs, decision 0076).
 */
export function companyRequestReceiptMail(language: Language, company: MailCompany): RenderedMail {
  const t = mailI18n.getFixedT(language, 'mail');
  return renderMail(language, {
    subject: t('companyRequestReceipt.subject'),
    greeting: t('greetingNoName'),
    paragraphs: [t('companyRequestReceipt.body')],
    footnotes: [t('companyRequestReceipt.note')],
    signature: t('signature'),
    company,
  });
}

/**
 * To the requester: the account is open. The company's name was checked by the owner before it is
 * mailed. `next` says how to start: sign in (the address has an account, now the company's admin)
 * or create the account with this address.
 */
export function companyApprovedMail(
  language: Language,
  data: { legalName: string; next: 'sign_in' | 'register'; url: string; days: number },
  company: MailCompany,
): RenderedMail {
  const t = mailI18n.getFixedT(language, 'mail');
  return renderMail(language, {
    subject: t('companyApproved.subject', { name: data.legalName }),
    greeting: t('greetingNoName'),
    paragraphs: [t('companyApproved.body', { name: data.legalName }), t(data.next === 'sign_in' ? 'companyApproved.signIn' : 'companyApproved.register')],
    action: { label: t(data.next === 'sign_in' ? 'companyApproved.signInAction' : 'companyApproved.registerAction'), url: data.url },
    footnotes: data.next === 'register' ? [t('companyInvitation.note', { days: data.days })] : [],
    signature: t('signature'),
    company,
  });
}

/** To the requester: the request is declined, with the owner's reason when given; nothing the visitor typed. */
export function companyRefusedMail(language: Language, data: { requestedAt: string; reason: string | null }, company: MailCompany): RenderedMail {
  const t = mailI18n.getFixedT(language, 'mail');
  return renderMail(language, {
    subject: t('companyRefused.subject'),
    greeting: t('greetingNoName'),
    paragraphs: [t('companyRefused.body', { date: data.requestedAt }), ...(data.reason ? [t('companyRefused.reason', { reason: data.reason })] : [])],
    footnotes: [t('companyRefused.note')],
    signature: t('signature'),
    company,
  });
}

/** To an address with no verified account: join the company by creating an account with this address. */
export function companyInvitationMail(
  language: Language,
  data: { legalName: string; role: 'admin' | 'booker'; url: string; days: number },
  company: MailCompany,
): RenderedMail {
  const t = mailI18n.getFixedT(language, 'mail');
  return renderMail(language, {
    subject: t('companyInvitation.subject', { name: data.legalName }),
    greeting: t('greetingNoName'),
    paragraphs: [t(`companyInvitation.${data.role}`, { name: data.legalName }), t('companyInvitation.body')],
    action: { label: t('companyApproved.registerAction'), url: data.url },
    footnotes: [t('companyInvitation.note', { days: data.days }), t('companyInvitation.ignore')],
    signature: t('signature'),
    company,
  });
}

/** To an account added to a company: what it may now do, and where. */
export function companyMemberAddedMail(
  language: Language,
  data: { fullName: string; legalName: string; role: 'admin' | 'booker'; url: string },
  company: MailCompany,
): RenderedMail {
  const t = mailI18n.getFixedT(language, 'mail');
  return renderMail(language, {
    subject: t('companyMemberAdded.subject', { name: data.legalName }),
    greeting: t('greeting', { name: data.fullName }),
    paragraphs: [t(`companyInvitation.${data.role}`, { name: data.legalName }), t('companyMemberAdded.body')],
    action: { label: t('companyMemberAdded.action'), url: data.url },
    footnotes: [t('companyMemberAdded.note')],
    signature: t('signature'),
    company,
  });
}
