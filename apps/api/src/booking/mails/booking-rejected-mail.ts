import type { Language } from '@vtc/shared/i18n/languages';
import { renderMail, type RenderedMail } from '../../platform/mail/layout.ts';
import { mailI18n } from '../../platform/mail/mail-i18n.ts';
import { COMPANY_LANGUAGE, customerLines, routeText, tripLines, type BookingMailData, type CustomerMailExtras } from './booking-mail-details.ts';

/** To the customer when the company refuses, with its reason when one was given. */
export function bookingRejectedMail(language: Language, data: BookingMailData, reason: string | null, extras: CustomerMailExtras, { lapsed = false } = {}): RenderedMail {
  const t = mailI18n.getFixedT(language, 'mail');
  // A request nobody answered before its pickup (decision 0176) says so, not that it was refused.
  return renderMail(language, {
    subject: t(lapsed ? 'bookingRejected.lapsedSubject' : 'bookingRejected.subject', { id: data.id }),
    greeting: t('greeting', { name: data.fullName }),
    paragraphs: [t(lapsed ? 'bookingRejected.lapsedBody' : 'bookingRejected.body'), ...(reason ? [t('bookingRejected.reason', { reason })] : [])],
    details: [...tripLines(language, data), ...customerLines(language, data)],
    links: [{ label: t('customer.manage'), url: extras.manageUrl }],
    footnotes: [t('bookingRejected.note')],
    signature: t('signature'),
    company: extras.company,
  });
}

/** To the company (decision 0176): a request nobody answered closed at its pickup, the customer told. */
export function bookingLapsedCompanyMail(data: BookingMailData): RenderedMail {
  const t = mailI18n.getFixedT(COMPANY_LANGUAGE, 'mail');
  return renderMail(COMPANY_LANGUAGE, {
    subject: t('bookingRejected.lapsedCompanySubject', { id: data.id, route: routeText(data) }),
    greeting: t('greetingNoName'),
    paragraphs: [t('bookingRejected.lapsedCompanyBody', { name: data.fullName }), ...tripLines(COMPANY_LANGUAGE, data)],
    signature: t('signature'),
  });
}
