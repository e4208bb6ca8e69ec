import type { Language } from '@vtc/shared/i18n/languages';
import { renderMail, type MailCompany, type RenderedMail } from '../../platform/mail/layout.ts';
import { mailI18n } from '../../platform/mail/mail-i18n.ts';

/** What the feedback mails say of the trip, in the reader's language. */
export type FeedbackMailFacts = { id: number; fullName: string; time: string; route: string; company: MailCompany };

/** After the trip (decision 0146): how was it? One click to the rating page of the signed link. */
export function feedbackRequestMail(language: Language, facts: FeedbackMailFacts, url: string): RenderedMail {
  const t = mailI18n.getFixedT(language, 'mail');
  return renderMail(language, {
    subject: t('feedbackRequest.subject', { id: facts.id }),
    greeting: facts.fullName ? t('greeting', { name: facts.fullName }) : t('greetingNoName'),
    paragraphs: [t('feedbackRequest.body', { time: facts.time }), t('trip.number', { id: facts.id }), t('trip.route', { route: facts.route })],
    action: { label: t('feedbackRequest.action'), url },
    footnotes: [t('feedbackRequest.note')],
    signature: t('signature'),
    company: facts.company,
  });
}

/** The company's answer to a rating, with what the customer wrote. */
export function feedbackAnswerMail(language: Language, facts: FeedbackMailFacts, rating: { stars: number; comment: string | null; answer: string }): RenderedMail {
  const t = mailI18n.getFixedT(language, 'mail');
  return renderMail(language, {
    subject: t('feedbackAnswer.subject', { id: facts.id }),
    greeting: facts.fullName ? t('greeting', { name: facts.fullName }) : t('greetingNoName'),
    paragraphs: [
      t('feedbackAnswer.body', { time: facts.time, rating: rating.stars }),
      ...(rating.comment ? [t('feedbackAnswer.yourComment', { comment: rating.comment })] : []),
      t('feedbackAnswer.ourAnswer'),
      rating.answer,
    ],
    signature: t('signature'),
    company: facts.company,
  });
}

/** The text beside the request mail (with the account's consent): short, with the link. */
export function feedbackRequestText(language: Language, facts: Pick<FeedbackMailFacts, 'time'>, url: string): string {
  const t = mailI18n.getFixedT(language, 'mail');
  return t('text.feedbackRequest', { time: facts.time, url });
}
