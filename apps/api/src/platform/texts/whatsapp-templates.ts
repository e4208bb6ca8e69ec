import { z } from 'zod';

/**
 * WhatsApp's pre-approved templates (decision 0148): a business-initiated WhatsApp message outside
 * the customer's 24-hour session must be one of the company's approved templates, sent through
 * Twilio's Content API as a Content SID (HX…) and its variables `{{1}}`, `{{2}}`… instead of free
 * words. Each kind of text has one template per language, its variables in this order.
 */
export const WHATSAPP_TEMPLATE_VARIABLES = {
  /** Accepted with a deposit to pay: booking number, pickup (date and time), the deposit page's link. */
  booking_accepted: ['id', 'time', 'url'],
  /** Accepted, paid on board: booking number, pickup. */
  cash_confirmed: ['id', 'time'],
  /** The chauffeur assigned: pickup, chauffeur's first name, car, plate, chauffeur's phone. */
  your_chauffeur: ['time', 'name', 'car', 'plate', 'phone'],
  /** On the way: chauffeur's first name, meeting point, pickup, tracking link. */
  chauffeur_en_route: ['name', 'place', 'time', 'url'],
  /** On site: chauffeur's first name, meeting point, chauffeur's phone. */
  chauffeur_on_site: ['name', 'place', 'phone'],
  /** The reminder with its chauffeur: pickup, meeting point, first name, car, plate, chauffeur's phone, company's phone. */
  pickup_reminder: ['time', 'place', 'name', 'car', 'plate', 'phone', 'companyPhone'],
  /** The reminder before a chauffeur is assigned: pickup, meeting point, company's phone. */
  pickup_reminder_unassigned: ['time', 'place', 'companyPhone'],
  /** To the chauffeur: booking number, pickup, route, mission link. */
  mission_link: ['id', 'time', 'route', 'url'],
  /** After the trip (decision 0146): the trip's date and time, the rating link. */
  feedback_request: ['time', 'url'],
} as const;

export type WhatsappTemplateKey = keyof typeof WHATSAPP_TEMPLATE_VARIABLES;
export const WHATSAPP_TEMPLATE_KEYS = Object.keys(WHATSAPP_TEMPLATE_VARIABLES) as [WhatsappTemplateKey, ...WhatsappTemplateKey[]];

export type TemplateLanguage = 'fr' | 'en' | 'ar';

/**
 * What a text needs to leave as a template, kept on its outbox row: which template, in which
 * language, and its variables in the template's order (`{{1}}` first).
 */
export type TextTemplate = { key: WhatsappTemplateKey; language: TemplateLanguage; variables: string[] };

/** The template of a text, its variables taken by name from `values` in the template's order. */
export function textTemplate<K extends WhatsappTemplateKey>(
  key: K,
  language: TemplateLanguage,
  values: Record<(typeof WHATSAPP_TEMPLATE_VARIABLES)[K][number], string | number>,
): TextTemplate {
  const names: readonly string[] = WHATSAPP_TEMPLATE_VARIABLES[key];
  const named = values as Record<string, string | number>;
  return { key, language, variables: names.map((name) => String(named[name])) };
}

const contentSid = z.string().regex(/^HX[0-9a-fA-F]{32}$/, { message: 'must be a Content SID (HX followed by 32 hexadecimal digits)' });
const perLanguage = z.strictObject({ fr: contentSid.optional(), en: contentSid.optional(), ar: contentSid.optional() });

/** The Content SIDs by kind of text and language, as TWILIO_WHATSAPP_TEMPLATES spells them. */
export const WhatsappTemplatesSchema = z.strictObject(
  Object.fromEntries(WHATSAPP_TEMPLATE_KEYS.map((key) => [key, perLanguage.optional()])) as Record<WhatsappTemplateKey, z.ZodOptional<typeof perLanguage>>,
);
export type WhatsappTemplates = z.infer<typeof WhatsappTemplatesSchema>;

/**
 * TWILIO_WHATSAPP_TEMPLATES: a JSON object `{"booking_accepted": {"fr": "HX…", "en": "HX…", "ar": "HX…"}, …}`;
 * empty or absent, no template. Text that is not JSON, an unknown kind or language, a value that
 * is not a Content SID stop the start with the setting named.
 */
export const WhatsappTemplatesSetting = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value.trim() === '') return {};
    try {
      return JSON.parse(value) as unknown;
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: `is not JSON (${error instanceof Error ? error.message : String(error)})` });
      return z.NEVER;
    }
  })
  .pipe(WhatsappTemplatesSchema);

/** The Content SID of a template in a language, if the company configured it. */
export const templateSid = (templates: WhatsappTemplates, template: Pick<TextTemplate, 'key' | 'language'>): string | undefined =>
  templates[template.key]?.[template.language];

/**
 * Twilio's ContentVariables: a JSON object of the variables by their number ("1", "2"…). WhatsApp
 * refuses an empty parameter: an empty value is sent as a dash.
 */
export const contentVariables = (variables: string[]): string =>
  JSON.stringify(Object.fromEntries(variables.map((value, index) => [String(index + 1), value.trim() === '' ? '-' : value])));
