/**
 * The identifiers of a business customer (decision 0134): the SIREN (9 digits) or SIRET (14
 * digits, the SIREN and an establishment number) of a French company, and an intra-EU VAT
 * number. Pure checks, shared by the forms and the API so that both refuse the same input.
 */

/** The SIREN of La Poste: its establishments' SIRETs follow their own rule (sum of digits). */
const LA_POSTE_SIREN = '356000000';

/** The text as typed, without spaces, dots, dashes or slashes ("123 456 789" -> "123456789"). */
export function compactIdentifier(value: string): string {
  return value.replace(/[\s./-]/g, '').toUpperCase();
}

/** Luhn's checksum (the one INSEE uses for SIREN and SIRET): every second digit from the right doubled. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** What is wrong with a SIREN or SIRET, once compacted: null when it is one. */
export function sirenProblem(compact: string): 'siren_length' | 'siren_checksum' | null {
  if (!/^(\d{9}|\d{14})$/.test(compact)) return 'siren_length';
  if (compact.length === 14 && compact.startsWith(LA_POSTE_SIREN) && compact !== `${LA_POSTE_SIREN}00048`) {
    const sum = [...compact].reduce((total, digit) => total + Number(digit), 0);
    return sum % 5 === 0 ? null : 'siren_checksum';
  }
  return passesLuhn(compact) ? null : 'siren_checksum';
}

/** The SIREN of a SIREN or SIRET (its first nine digits). */
export const sirenOf = (sirenOrSiret: string): string => sirenOrSiret.slice(0, 9);

/** "123 456 789", or a SIRET as "123 456 789 00012"; anything else as it is. */
export function formatSiren(value: string): string {
  if (/^\d{9}$/.test(value)) return value.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3');
  if (/^\d{14}$/.test(value)) return value.replace(/^(\d{3})(\d{3})(\d{3})(\d{5})$/, '$1 $2 $3 $4');
  return value;
}

/**
 * The national part of each intra-EU VAT number after its country prefix, as the European
 * Commission's VIES service describes it (EL is Greece, XI Northern Ireland).
 */
const VAT_FORMATS: Readonly<Record<string, RegExp>> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[0-9A-HJ-NP-Z]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^[1-9]\d{1,9}$/,
  SE: /^\d{10}01$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
  XI: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
};

/** A VAT number as stored: compact, upper case, Greece's GR written EL as VIES does. */
export function normalizeVatNumber(value: string): string {
  const compact = compactIdentifier(value);
  return compact.startsWith('GR') ? `EL${compact.slice(2)}` : compact;
}

/** The key of a French VAT number made from a SIREN: (12 + 3 × (SIREN mod 97)) mod 97, two digits. */
export function frenchVatKey(siren: string): string {
  return String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, '0');
}

/** The SIREN inside a French VAT number whose key is numeric, else null. */
export function sirenOfFrenchVat(normalized: string): string | null {
  const match = /^FR(\d{2})(\d{9})$/.exec(normalized);
  return match ? (match[2] ?? null) : null;
}

/**
 * What is wrong with a normalised VAT number: null when it has its country's format and, for a
 * French number with a numeric key, when the key matches the SIREN it carries.
 */
export function vatNumberProblem(normalized: string): 'vat_number_invalid' | 'vat_number_key_invalid' | null {
  const format = VAT_FORMATS[normalized.slice(0, 2)];
  if (!format?.test(normalized.slice(2))) return 'vat_number_invalid';
  const siren = sirenOfFrenchVat(normalized);
  if (siren !== null && normalized.slice(2, 4) !== frenchVatKey(siren)) return 'vat_number_key_invalid';
  return null;
}

/** "FR 40 303265045" for a French number, the others as stored. */
export function formatVatNumber(value: string): string {
  return /^FR\w{2}\d{9}$/.test(value) ? `${value.slice(0, 2)} ${value.slice(2, 4)} ${value.slice(4)}` : value;
}
