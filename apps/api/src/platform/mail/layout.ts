import type { Language } from '@vtc/shared/i18n/languages';

export type RenderedMail = { subject: string; text: string; html: string };

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export type MailContent = {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Extra lines after the action, such as "this link expires in 1 hour". */
  footnotes?: string[];
  signature: string;
};

/** Builds the text and HTML versions of a mail from its parts, right to left for Arabic. */
export function renderMail(language: Language, content: MailContent): RenderedMail {
  const lines = [content.greeting, '', ...content.paragraphs.flatMap((p) => [p, ''])];
  if (content.action) lines.push(`${content.action.label}: ${content.action.url}`, '');
  for (const note of content.footnotes ?? []) lines.push(note, '');
  lines.push(content.signature);
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const html = `<!doctype html><html lang="${language}" dir="${dir}"><body style="font-family:Arial,sans-serif;color:#1b2338;line-height:1.5">
<p>${escapeHtml(content.greeting)}</p>
${content.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${content.action ? `<p><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:10px 18px;background:#1b2338;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(content.action.label)}</a></p>` : ''}
${(content.footnotes ?? []).map((n) => `<p style="color:#667">${escapeHtml(n)}</p>`).join('\n')}
<p>${escapeHtml(content.signature)}</p>
</body></html>`;
  return { subject: content.subject, text: lines.join('\n'), html };
}
