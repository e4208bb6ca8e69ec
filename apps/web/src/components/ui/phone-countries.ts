export interface PhoneCountry {
  /** ISO 3166-1 alpha-2 code, used for the localized name. */
  code: string;
  dial: string;
  /** The national trunk 0 is part of the number (Italy), so it is kept. */
  keepLeadingZero?: boolean;
}

/** France first (the default), then the countries the company's customers mostly come from. */
export const PHONE_COUNTRIES: readonly PhoneCountry[] = [
  { code: 'FR', dial: '33' },
  { code: 'MC', dial: '377' },
  { code: 'IT', dial: '39', keepLeadingZero: true },
  { code: 'ES', dial: '34' },
  { code: 'CH', dial: '41' },
  { code: 'BE', dial: '32' },
  { code: 'LU', dial: '352' },
  { code: 'DE', dial: '49' },
  { code: 'NL', dial: '31' },
  { code: 'AT', dial: '43' },
  { code: 'PT', dial: '351' },
  { code: 'GB', dial: '44' },
  { code: 'IE', dial: '353' },
  { code: 'DK', dial: '45' },
  { code: 'SE', dial: '46' },
  { code: 'NO', dial: '47' },
  { code: 'FI', dial: '358' },
  { code: 'PL', dial: '48' },
  { code: 'CZ', dial: '420' },
  { code: 'GR', dial: '30' },
  { code: 'RU', dial: '7' },
  { code: 'UA', dial: '380' },
  { code: 'TR', dial: '90' },
  { code: 'IL', dial: '972' },
  { code: 'MA', dial: '212' },
  { code: 'DZ', dial: '213' },
  { code: 'TN', dial: '216' },
  { code: 'EG', dial: '20' },
  { code: 'SA', dial: '966' },
  { code: 'AE', dial: '971' },
  { code: 'QA', dial: '974' },
  { code: 'KW', dial: '965' },
  { code: 'BH', dial: '973' },
  { code: 'LB', dial: '961' },
  { code: 'JO', dial: '962' },
  { code: 'US', dial: '1' },
  { code: 'CA', dial: '1' },
  { code: 'BR', dial: '55' },
  { code: 'CN', dial: '86' },
  { code: 'JP', dial: '81' },
  { code: 'IN', dial: '91' },
  { code: 'AU', dial: '61' },
];

export const DEFAULT_PHONE_COUNTRY: PhoneCountry = PHONE_COUNTRIES[0] ?? { code: 'FR', dial: '33' };

/** The country whose dial code starts the number (longest match, France preferred). */
export function countryOfNumber(value: string): PhoneCountry | null {
  if (!value.startsWith('+')) return null;
  const digits = value.slice(1).replace(/\D/g, '');
  let best: PhoneCountry | null = null;
  for (const country of PHONE_COUNTRIES) {
    if (digits.startsWith(country.dial) && (!best || country.dial.length > best.dial.length)) best = country;
  }
  return best;
}
