import type { Language } from '@vtc/shared/i18n/languages';
import type { Config } from '../../config.ts';
import { mailI18n } from './mail-i18n.ts';

export type RenderedMail = { subject: string; text: string; html: string };

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Who the customer can answer: from configuration (COMPANY_*), shown at the foot of customer mails. */
export type MailCompany = { name: string; phone: string; whatsappUrl: string; email: string };

export function mailCompany(config: Pick<Config, 'COMPANY_LEGAL_NAME' | 'COMPANY_PHONE' | 'COMPANY_WHATSAPP' | 'COMPANY_EMAIL'>): MailCompany {
  return {
    name: config.COMPANY_LEGAL_NAME,
    phone: config.COMPANY_PHONE,
    whatsappUrl: `https://wa.me/${config.COMPANY_WHATSAPP}`,
    email: config.COMPANY_EMAIL,
  };
}

export type MailContent = {
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** Lines shown together in a box (the trip), one per line. */
  details?: string[];
  action?: { label: string; url: string };
  /** Further links after the action, such as "manage my booking". */
  links?: { label: string; url: string }[];
  /** Extra lines after the action, such as "this link expires in 1 hour". */
  footnotes?: string[];
  signature: string;
  /** The company's name, phone and WhatsApp at the foot (customer mails). */
  company?: MailCompany;
};

const LRM = '\u200E';
const RLM = '\u200F';

/**
 * A left-to-right run (a number with its unit, a phone number, an address) inside Arabic text:
 * a left-to-right mark on each side keeps it in its own order ("33.5 km", not "km 33.5") in the
 * HTML and in the plain text alike. Other languages read left to right already.
 */
export function leftToRight(language: Language, value: string): string {
  return language === 'ar' ? `${LRM}${value}${LRM}` : value;
}

/**
 * Places joined by an arrow that points the way the language reads: → in French and English,
 * ← in Arabic, where right-to-left marks around the arrow keep the places in reading order
 * even when their names are written in Latin letters.
 */
export function joinRoute(language: Language, places: string[]): string {
  return language === 'ar' ? places.join(`${RLM} ← ${RLM}`) : places.join(' → ');
}

/** A route's places apart by dots, where an arrow already means something else (a change's "before → after"). */
export function listPlaces(language: Language, places: string[]): string {
  return language === 'ar' ? places.join(`${RLM} · ${RLM}`) : places.join(' · ');
}

const COLORS = { page: '#f4f1ea', card: '#ffffff', ink: '#1b2338', muted: '#5a6275', band: '#0b1526', bandText: '#f4f1ea', box: '#f7f5f0', line: '#e3ddd0', gold: '#b08d57' };
const FONT = 'Arial,Helvetica,sans-serif';

/**
 * Builds the text and HTML versions of a mail from its parts. The HTML is the common
 * denominator of mail clients: nested tables, inline styles, 600 px at most, readable with no
 * style at all; right to left for Arabic (dir on <html> and on every table, cells aligned right).
 */
export function renderMail(language: Language, content: MailContent): RenderedMail {
  const t = mailI18n.getFixedT(language, 'mail');
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const align = language === 'ar' ? 'right' : 'left';
  const e = escapeHtml;
  const company = content.company;

  const lines = [content.greeting, '', ...content.paragraphs.flatMap((p) => [p, ''])];
  if (content.details?.length) lines.push(...content.details, '');
  if (content.action) lines.push(`${content.action.label}: ${content.action.url}`, '');
  for (const link of content.links ?? []) lines.push(`${link.label}: ${link.url}`, '');
  for (const note of content.footnotes ?? []) lines.push(note, '');
  lines.push(content.signature);
  if (company) {
    lines.push(
      '',
      '--',
      company.name,
      t('layout.phone', { value: leftToRight(language, company.phone) }),
      t('layout.whatsapp', { value: company.whatsappUrl }),
      t('layout.email', { value: company.email }),
    );
  }

  const paragraph = (value: string, color: string = COLORS.ink) =>
    `<p style="margin:0 0 14px 0;font-family:${FONT};font-size:15px;line-height:22px;color:${color}" align="${align}">${e(value)}</p>`;
  const button = content.action
    ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" dir="${dir}" style="margin:4px 0 18px 0"><tr><td bgcolor="${COLORS.band}" style="border-radius:4px;padding:12px 22px"><a href="${e(content.action.url)}" style="font-family:${FONT};font-size:15px;font-weight:bold;color:${COLORS.bandText};text-decoration:none">${e(content.action.label)}</a></td></tr></table>`
    : '';
  const details = content.details?.length
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" dir="${dir}" style="margin:0 0 18px 0"><tr><td bgcolor="${COLORS.box}" style="padding:14px 16px;border-${align === 'left' ? 'left' : 'right'}:3px solid ${COLORS.gold};font-family:${FONT};font-size:14px;line-height:22px;color:${COLORS.ink}" align="${align}">${content.details.map(e).join('<br>')}</td></tr></table>`
    : '';
  const links = (content.links ?? [])
    .map(
      (link) =>
        `<p style="margin:0 0 14px 0;font-family:${FONT};font-size:15px;line-height:22px" align="${align}"><a href="${e(link.url)}" style="color:${COLORS.ink};font-weight:bold">${e(link.label)}</a></p>`,
    )
    .join('\n');
  const footer = company
    ? `<tr><td bgcolor="${COLORS.box}" style="padding:16px 24px;border-top:1px solid ${COLORS.line};font-family:${FONT};font-size:13px;line-height:20px;color:${COLORS.muted}" align="${align}">
<strong style="color:${COLORS.ink}">${e(company.name)}</strong><br>
${e(t('layout.phoneLabel'))} <a href="tel:${e(company.phone.replace(/[^\d+]/g, ''))}" style="color:${COLORS.ink}"><span dir="ltr">${e(leftToRight(language, company.phone))}</span></a><br>
<a href="${e(company.whatsappUrl)}" style="color:${COLORS.ink}">${e(t('layout.whatsappLink'))}</a> · <a href="mailto:${e(company.email)}" style="color:${COLORS.ink}">${e(company.email)}</a>
</td></tr>`
    : '';

  const html = `<!doctype html>
<html lang="${language}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(content.subject)}</title></head>
<body style="margin:0;padding:0;background-color:${COLORS.page}" dir="${dir}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${COLORS.page}" dir="${dir}"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" bgcolor="${COLORS.card}" dir="${dir}" style="width:100%;max-width:600px;border:1px solid ${COLORS.line}">
<tr><td bgcolor="${COLORS.band}" style="padding:18px 24px;font-family:${FONT};font-size:20px;font-weight:bold;color:${COLORS.bandText}" align="${align}">${e(t('layout.brand'))}</td></tr>
<tr><td style="padding:24px" align="${align}">
${paragraph(content.greeting)}
${content.paragraphs.map((p) => paragraph(p)).join('\n')}
${details}
${button}
${links}
${(content.footnotes ?? []).map((n) => paragraph(n, COLORS.muted)).join('\n')}
${paragraph(content.signature)}
</td></tr>
${footer}
</table>
</td></tr></table>
</body></html>`;
  return { subject: content.subject, text: lines.join('\n'), html };
}
