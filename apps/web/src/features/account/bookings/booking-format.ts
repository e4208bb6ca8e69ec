import type { Language } from '@vtc/shared/i18n/languages';
import { formatParisDateTime } from '@vtc/shared/time/format-paris';

/** "mardi 10 mars 2027 à 10:00" in the reader's way (decision 0102), on Riviera clocks. */
export function formatPickup(iso: string, language: Language): string {
  return formatParisDateTime(iso, language, 'long');
}
