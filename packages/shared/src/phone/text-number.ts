import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * The kinds of number that never receive a text: a fixed line, a free or premium-rate service.
 * Mobiles, numbers a plan does not tell apart (`FIXED_LINE_OR_MOBILE`, as in the United States),
 * personal and VoIP numbers may.
 */
const NO_TEXTS = new Set(['FIXED_LINE', 'TOLL_FREE', 'PREMIUM_RATE', 'SHARED_COST', 'UAN', 'VOICEMAIL', 'PAGER']);

/**
 * Whether a number (E.164, or national French) can receive text messages, judged by its
 * country's numbering plan with the full metadata. Only the API calls it: the full metadata stays
 * out of the browser's bundles (decision 0130).
 */
export function canReceiveTexts(phone: string): boolean {
  const parsed = parsePhoneNumberFromString(phone.trim(), 'FR');
  if (!parsed?.isValid()) return false;
  const type = parsed.getType();
  return type === undefined || !NO_TEXTS.has(type);
}
