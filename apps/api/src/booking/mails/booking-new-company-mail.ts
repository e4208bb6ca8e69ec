import { renderMail, type RenderedMail } from '../../platform/mail/layout.ts';
import { mailI18n } from '../../platform/mail/mail-i18n.ts';
import { COMPANY_LANGUAGE, companyDetailLines, parisDateTime, routeText, tripLines, type BookingMailData } from './booking-mail-details.ts';

/** To the company when a booking waits for its decision, with single-use accept and reject links. */
export function bookingNewCompanyMail(data: BookingMailData, links: { acceptUrl: string; rejectUrl: string; days: number }): RenderedMail {
  const t = mailI18n.getFixedT(COMPANY_LANGUAGE, 'mail');
  return renderMail(COMPANY_LANGUAGE, {
    subject: t('bookingNewCompany.subject', { id: data.id, route: routeText(data), time: parisDateTime(data.pickupAt) }),
    greeting: t('greetingNoName'),
    paragraphs: [t('bookingNewCompany.body', { name: data.fullName }), ...tripLines(COMPANY_LANGUAGE, data), ...companyDetailLines(data)],
    action: { label: t('bookingNewCompany.action'), url: links.acceptUrl },
    footnotes: [t('bookingNewCompany.reject', { url: links.rejectUrl }), t('bookingNewCompany.note', { days: links.days })],
    signature: t('signature'),
  });
}
