import type { Language } from '@vtc/shared/i18n/languages';
import { formatEuros } from '@vtc/shared/pricing/format-euros';
import { renderMail, type RenderedMail } from '../../platform/mail/layout.ts';
import { mailI18n } from '../../platform/mail/mail-i18n.ts';
import { COMPANY_LANGUAGE } from './booking-mail-details.ts';

/** A month-end statement paid online (decision 0156): whose, which, how much and how. */
export type StatementPaid = { company: string; number: string; paidCents: number; method: 'stripe' | 'paypal' };

const HOW = { stripe: 'companyStatementPaid.byCard', paypal: 'companyStatementPaid.byPaypal' } as const;

/** To a company's admins and billing addresses, in the company's language: the payment of its statement is received. */
export function companyStatementPaidMail(language: Language, paid: StatementPaid & { url: string }): RenderedMail {
  const t = mailI18n.getFixedT(language, 'mail');
  return renderMail(language, {
    subject: t('companyStatementPaid.subject', { number: paid.number }),
    greeting: t('greetingNoName'),
    paragraphs: [t('companyStatementPaid.body', { company: paid.company, number: paid.number, total: formatEuros(paid.paidCents, language), how: t(HOW[paid.method]) })],
    action: { label: t('companyStatement.action'), url: paid.url },
    signature: t('signature'),
  });
}

/**
 * The company's notice: a statement paid online; or paid online after the owner had marked it
 * paid by hand (`twice`), a payment to give back from the provider's dashboard.
 */
export function companyStatementPaidCompanyMail(paid: StatementPaid & { twice: boolean; reference: string }): RenderedMail {
  const t = mailI18n.getFixedT(COMPANY_LANGUAGE, 'mail');
  const values = {
    company: paid.company,
    number: paid.number,
    total: formatEuros(paid.paidCents, COMPANY_LANGUAGE),
    how: t(HOW[paid.method]),
    provider: paid.method === 'paypal' ? 'PayPal' : 'Stripe',
    reference: paid.reference,
  };
  return renderMail(COMPANY_LANGUAGE, {
    subject: t(paid.twice ? 'companyStatementPaidCompany.subjectTwice' : 'companyStatementPaidCompany.subject', values),
    greeting: t('greetingNoName'),
    paragraphs: paid.twice
      ? [t('companyStatementPaidCompany.bodyTwice', values), t('companyStatementPaidCompany.refund', values)]
      : [t('companyStatementPaidCompany.body', values)],
    signature: t('signature'),
  });
}
