import type { Language } from '@vtc/shared/i18n/languages';
import { formatEuros } from '@vtc/shared/pricing/format-euros';
import { renderMail, type RenderedMail } from '../../platform/mail/layout.ts';
import { mailI18n } from '../../platform/mail/mail-i18n.ts';
import { COMPANY_LANGUAGE, customerLines, routeText, tripLines, type BookingMailData, type CustomerMailExtras } from './booking-mail-details.ts';

/**
 * `refunded`: a card deposit is being given back (free cancellation of a paid booking).
 * `byCompany`: the company cancelled (decision 0121): its reason and what it gives back.
 */
export type CancellationTerms = { free: boolean; depositKept: boolean; refunded?: boolean; byCompany?: CompanyCancellation };
export type CompanyCancellation = { reason: string; refundCents: number };

/** The paragraphs of a company's cancellation: its reason, then the amount given back, if any. */
function companyOutcome(language: Language, byCompany: CompanyCancellation): string[] {
  const t = mailI18n.getFixedT(language, 'mail');
  const refund = byCompany.refundCents > 0 ? [t('companyCancel.refund', { amount: formatEuros(byCompany.refundCents, language) })] : [];
  return [t('companyCancel.reason', { reason: byCompany.reason }), ...refund];
}

/** To the customer when a booking is cancelled, saying whether the deposit is kept. */
export function bookingCancelledMail(language: Language, data: BookingMailData, terms: CancellationTerms, extras: CustomerMailExtras): RenderedMail {
  const t = mailI18n.getFixedT(language, 'mail');
  const outcome = terms.byCompany
    ? companyOutcome(language, terms.byCompany)
    : terms.depositKept
    ? [t('bookingCancelled.kept')]
    : terms.free
      ? [t('bookingCancelled.free'), ...(terms.refunded ? [t('bookingCancelled.refunded')] : [])]
      : [];
  return renderMail(language, {
    subject: t('bookingCancelled.subject', { id: data.id }),
    greeting: t('greeting', { name: data.fullName }),
    paragraphs: [t('bookingCancelled.body'), ...outcome],
    details: [...tripLines(language, data), ...customerLines(language, data)],
    links: [{ label: t('customer.manage'), url: extras.manageUrl }],
    signature: t('signature'),
    company: extras.company,
  });
}

/** The company's notice of a cancellation. */
export function bookingCancelledCompanyMail(data: BookingMailData, terms: CancellationTerms): RenderedMail {
  const t = mailI18n.getFixedT(COMPANY_LANGUAGE, 'mail');
  const values = { id: data.id, name: data.fullName };
  return renderMail(COMPANY_LANGUAGE, {
    subject: t('bookingCancelledCompany.subject', { id: data.id, route: routeText(data) }),
    greeting: t('greetingNoName'),
    paragraphs: [
      terms.free ? t('bookingCancelledCompany.bodyFree', values) : t('bookingCancelledCompany.bodyLate', values),
      ...(terms.depositKept ? [t('bookingCancelledCompany.depositKept')] : []),
      ...(terms.refunded ? [t('bookingCancelledCompany.refunded')] : []),
      ...tripLines(COMPANY_LANGUAGE, data),
    ],
    signature: t('signature'),
  });
}
