/**
 * The words by which a customer stops or resumes texts (decision 0149): the whole message, in any
 * case, accents and closing punctuation aside ("Arrêt." is ARRET). Twilio answers them itself and
 * blocks the number for STOP; it names its own reading in OptOutType (Advanced Opt-Out).
 */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT', 'ARRET']);
const START_WORDS = new Set(['START', 'UNSTOP', 'YES']);

export type OptOutAction = 'stop' | 'start' | null;

/** The keyword of a message as compared: upper case, without accents, spaces or closing punctuation. */
export const keywordOf = (body: string): string =>
  body
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .trim()
    .replace(/[\s.!?;,]+$/u, '')
    .toUpperCase();

/**
 * What an inbound message asks of texts: the provider's OptOutType when it gave one (STOP, START;
 * HELP is nothing to do), else the keyword of its body; null for any other message.
 */
export function optOutAction(body: string, optOutType: string | undefined): OptOutAction {
  const type = optOutType?.trim().toUpperCase();
  if (type === 'STOP') return 'stop';
  if (type === 'START') return 'start';
  if (type) return null;
  const keyword = keywordOf(body);
  if (STOP_WORDS.has(keyword)) return 'stop';
  if (START_WORDS.has(keyword)) return 'start';
  return null;
}
