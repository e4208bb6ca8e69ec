import { describe, expect, it } from 'vitest';
import {
  compactIdentifier,
  formatSiren,
  formatVatNumber,
  frenchVatKey,
  normalizeVatNumber,
  passesLuhn,
  sirenProblem,
  vatNumberProblem,
} from './company-identifiers.ts';

describe('SIREN and SIRET', () => {
  it('accepts real numbers by their Luhn key, spaces and dots typed or not', () => {
    for (const value of ['542 051 180', '303.265.045', '54205118000066', '732829320']) expect(sirenProblem(compactIdentifier(value)), value).toBeNull();
  });
  it('refuses a wrong digit, and says a length is wrong apart', () => {
    expect(passesLuhn('542051181')).toBe(false);
    expect(sirenProblem('542051181')).toBe('siren_checksum');
    expect(sirenProblem('54205118000067')).toBe('siren_checksum');
    expect(sirenProblem('5420511')).toBe('siren_length');
    expect(sirenProblem('5420511800006')).toBe('siren_length');
    expect(sirenProblem('54205118A')).toBe('siren_length');
  });
  it('checks La Poste’s establishments by the sum of their digits, its head office by Luhn', () => {
    expect(sirenProblem('35600000000048')).toBeNull();
    // Digits adding up to 30, a multiple of 5; then to 29, not one.
    expect(sirenProblem('35600000012346')).toBeNull();
    expect(sirenProblem('35600000012345')).toBe('siren_checksum');
  });
  it('writes them in groups', () => {
    expect(formatSiren('542051180')).toBe('542 051 180');
    expect(formatSiren('54205118000066')).toBe('542 051 180 00066');
  });
});

describe('intra-EU VAT numbers', () => {
  it('accepts each country’s format, typed with spaces, dots or in lower case', () => {
    for (const value of ['FR 40 303 265 045', 'fr59542051180', 'DE123456789', 'IT 12345678901', 'ATU12345678', 'NL123456789B01', 'BE0123456789', 'ESX1234567A', 'EL123456789']) {
      expect(vatNumberProblem(normalizeVatNumber(value)), value).toBeNull();
    }
    expect(normalizeVatNumber('GR 123456789')).toBe('EL123456789');
  });
  it('refuses an unknown country, a wrong length and a French key that does not match the SIREN', () => {
    expect(vatNumberProblem('US123456789')).toBe('vat_number_invalid');
    expect(vatNumberProblem('DE12345678')).toBe('vat_number_invalid');
    expect(vatNumberProblem('FR4030326504')).toBe('vat_number_invalid');
    expect(vatNumberProblem('FR41303265045')).toBe('vat_number_key_invalid');
    expect(vatNumberProblem('303265045')).toBe('vat_number_invalid');
  });
  it('computes the French key from the SIREN and writes the number in groups', () => {
    expect(frenchVatKey('303265045')).toBe('40');
    expect(frenchVatKey('542051180')).toBe('59');
    expect(formatVatNumber('FR40303265045')).toBe('FR 40 303265045');
    expect(formatVatNumber('DE123456789')).toBe('DE123456789');
  });
});
