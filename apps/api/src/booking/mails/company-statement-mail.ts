import type { Language } from '@vtc/shared/i18n/languages';
import { formatEuros } from '@vtc/shared/pricing/format-euros';
import { formatParisDate } from '@vtc/shared/time/format-paris';
import { parisMonthStart } from '@vtc/shared/time/paris-time';
import { renderMail, type RenderedMail } from '../../platform/mail/layout.ts';
import { mailI18n } from '../../platform/mail/mail-i18n.ts';

/** To a company's admins and billing addresses (decision 0142): its monthly invoice, total, due date, and where to read it. */
export function companyStatementMail(
  language: Language,
  statement: { company: string; number: string; month: string; trips: number; totalCents: number; dueAt: Date; url: string },
): RenderedMail {
  const t = mailI18n.getFixedT(language, 'mail');
  const [year = 0, month = 1] = statement.month.split('-').map(Number);
  const monthName = new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'Europe/Paris' }).format(parisMonthStart({ year, month }));
  return renderMail(language, {
    subject: t('companyStatement.subject', { number: statement.number, month: monthName }),
    greeting: t('greetingNoName'),
    paragraphs: [
      t('companyStatement.body', {
        company: statement.company,
        month: monthName,
        trips: String(statement.trips),
        total: formatEuros(statement.totalCents, language),
        due: formatParisDate(statement.dueAt, language, 'medium'),
      }),
    ],
    action: { label: t('companyStatement.action'), url: statement.url },
    signature: t('signature'),
  });
}
