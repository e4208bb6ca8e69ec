import type { Language } from '@vtc/shared/i18n/languages';
import { formatEuros } from '@vtc/shared/pricing/format-euros';
import { renderMail, type RenderedMail } from '../../platform/mail/layout.ts';
import { mailI18n } from '../../platform/mail/mail-i18n.ts';
import { COMPANY_LANGUAGE, customerLines, routeText, tripLines, type BookingMailData, type CustomerMailExtras } from './booking-mail-details.ts';

/** The customer's receipt for the card deposit. */
export function depositPaidMail(language: Language, data: BookingMailData, paidCents: number, extras: CustomerMailExtras): RenderedMail {
  const t = mailI18n.getFixedT(language, 'mail');
  const paid = formatEuros(paidCents, language);
  const balance = formatEuros(Math.max(0, (data.totalCents ?? 0) - paidCents), language);
  return renderMail(language, {
    subject: t('depositPaid.subject', { id: data.id }),
    greeting: t('greeting', { name: data.fullName }),
    paragraphs: [t('depositPaid.body', { paid })],
    details: [...tripLines(language, data), ...customerLines(language, data)],
    links: [{ label: t('customer.manage'), url: extras.manageUrl }],
    footnotes: [t('depositPaid.note', { balance })],
    signature: t('signature'),
    company: extras.company,
  });
}

/** How the deposit was paid, by the method recorded on the paid booking (card when none is). */
const PAID_BY = { stripe: 'depositPaidCompany.bodyCard', paypal: 'depositPaidCompany.bodyPaypal', cash: 'depositPaidCompany.bodyCash' } as const;

/** The company's notice that a deposit was paid, by card, with PayPal or in cash. */
export function depositPaidCompanyMail(data: BookingMailData, paidCents: number): RenderedMail {
  const t = mailI18n.getFixedT(COMPANY_LANGUAGE, 'mail');
  const values = { name: data.fullName, paid: formatEuros(paidCents, COMPANY_LANGUAGE) };
  return renderMail(COMPANY_LANGUAGE, {
    subject: t('depositPaidCompany.subject', { id: data.id, route: routeText(data) }),
    greeting: t('greetingNoName'),
    paragraphs: [
      t(PAID_BY[data.paymentMethod ?? 'stripe'], values),
      ...tripLines(COMPANY_LANGUAGE, data),
    ],
    signature: t('signature'),
  });
}

const CLOSED_STATES = {
  cancelled: 'paymentForClosedBooking.state.cancelled',
  paid: 'paymentForClosedBooking.state.paid',
  completed: 'paymentForClosedBooking.state.completed',
  rejected: 'paymentForClosedBooking.state.rejected',
} as const;

function isClosedState(status: string): status is keyof typeof CLOSED_STATES {
  return Object.prototype.hasOwnProperty.call(CLOSED_STATES, status);
}

/** The company's alert: a card payment arrived for a booking that could not take it; it must be refunded. */
export function paymentForClosedBookingCompanyMail(
  data: BookingMailData,
  payment: { paidCents: number; status: string; sessionId: string },
): RenderedMail {
  const t = mailI18n.getFixedT(COMPANY_LANGUAGE, 'mail');
  const state = isClosedState(payment.status) ? t(CLOSED_STATES[payment.status]) : payment.status;
  return renderMail(COMPANY_LANGUAGE, {
    subject: t('paymentForClosedBooking.subject', { state, id: data.id }),
    greeting: t('greetingNoName'),
    paragraphs: [
      t('paymentForClosedBooking.body', { amount: formatEuros(payment.paidCents, COMPANY_LANGUAGE), id: data.id, state }),
      t('paymentForClosedBooking.refund', { sessionId: payment.sessionId }),
      ...tripLines(COMPANY_LANGUAGE, data),
    ],
    signature: t('signature'),
  });
}
