import type { Language } from '@vtc/shared/i18n/languages';
import { formatEuros } from '@vtc/shared/pricing/format-euros';
import { renderMail, type RenderedMail } from '../../platform/mail/layout.ts';
import { mailI18n } from '../../platform/mail/mail-i18n.ts';
import { COMPANY_LANGUAGE, customerLines, routeText, termsLines, tripLines, type BookingMailData, type CustomerMailExtras } from './booking-mail-details.ts';

/**
 * The mails of decision 0117: a cash booking confirmed (no deposit link, everything paid on
 * board), to the customer and the company; a no-show confirmed, to the customer.
 */

/** To the customer when the company accepts a booking paid in cash: confirmed, nothing to pay online. */
export function cashConfirmedMail(language: Language, data: BookingMailData, extras: CustomerMailExtras): RenderedMail {
  const t = mailI18n.getFixedT(language, 'mail');
  const total = formatEuros(data.totalCents ?? 0, language);
  return renderMail(language, {
    subject: t('tripEnd.cashConfirmed.subject', { id: data.id }),
    greeting: t('greeting', { name: data.fullName }),
    paragraphs: [t('tripEnd.cashConfirmed.body', { total })],
    details: [...tripLines(language, data), ...customerLines(language, data), ...termsLines(language, extras.terms)],
    links: [{ label: t('customer.manage'), url: extras.manageUrl }],
    footnotes: [t('tripEnd.cashConfirmed.note')],
    signature: t('signature'),
    company: extras.company,
  });
}

/** To the booker when the company accepts a company member's booking (decision 0142): confirmed, billed on account at month-end. */
export function onAccountConfirmedMail(language: Language, data: BookingMailData, extras: CustomerMailExtras): RenderedMail {
  const t = mailI18n.getFixedT(language, 'mail');
  return renderMail(language, {
    subject: t('tripEnd.onAccountConfirmed.subject', { id: data.id }),
    greeting: t('greeting', { name: data.fullName }),
    paragraphs: [t('tripEnd.onAccountConfirmed.body', { total: formatEuros(data.totalCents ?? 0, language) })],
    details: [...tripLines(language, data), ...customerLines(language, data), ...termsLines(language, extras.terms)],
    links: [{ label: t('customer.manage'), url: extras.manageUrl }],
    footnotes: [t('tripEnd.cashConfirmed.note')],
    signature: t('signature'),
    company: extras.company,
  });
}

/** To the company: a company member's booking it accepted is billed on account, nothing to collect on board. */
export function onAccountConfirmedCompanyMail(data: BookingMailData): RenderedMail {
  const t = mailI18n.getFixedT(COMPANY_LANGUAGE, 'mail');
  return renderMail(COMPANY_LANGUAGE, {
    subject: t('tripEnd.onAccountConfirmedCompany.subject', { id: data.id, route: routeText(data) }),
    greeting: t('greetingNoName'),
    paragraphs: [t('tripEnd.onAccountConfirmedCompany.body', { name: data.fullName, total: formatEuros(data.totalCents ?? 0, COMPANY_LANGUAGE) }), ...tripLines(COMPANY_LANGUAGE, data)],
    signature: t('signature'),
  });
}

/** To the company: the cash booking it accepted is confirmed, the whole price to collect on board. */
export function cashConfirmedCompanyMail(data: BookingMailData): RenderedMail {
  const t = mailI18n.getFixedT(COMPANY_LANGUAGE, 'mail');
  return renderMail(COMPANY_LANGUAGE, {
    subject: t('tripEnd.cashConfirmedCompany.subject', { id: data.id, route: routeText(data) }),
    greeting: t('greetingNoName'),
    paragraphs: [
      t('tripEnd.cashConfirmedCompany.body', { name: data.fullName, total: formatEuros(data.totalCents ?? 0, COMPANY_LANGUAGE) }),
      ...tripLines(COMPANY_LANGUAGE, data),
    ],
    signature: t('signature'),
  });
}

/** To the customer when the company confirms the chauffeur's "client absent": the trip is off, the deposit kept. */
export function noShowMail(language: Language, data: BookingMailData, keptCents: number, extras: CustomerMailExtras): RenderedMail {
  const t = mailI18n.getFixedT(language, 'mail');
  return renderMail(language, {
    subject: t('tripEnd.noShow.subject', { id: data.id }),
    greeting: t('greeting', { name: data.fullName }),
    paragraphs: [t('tripEnd.noShow.body'), keptCents > 0 ? t('tripEnd.noShow.kept', { kept: formatEuros(keptCents, language) }) : t('tripEnd.noShow.nothingKept')],
    details: tripLines(language, data),
    links: [{ label: t('customer.manage'), url: extras.manageUrl }],
    signature: t('signature'),
    company: extras.company,
  });
}
