import { PHONE_MAX_DIGITS } from '@vtc/shared/auth/auth-schemas';
import { useCallback, useId, useLayoutEffect, useMemo, useRef, useState, type Ref } from 'react';
import type { FieldError } from 'react-hook-form';
import { FieldFrame } from './field-frame';
import { fieldMessage } from './field-message';
import { countryOfNumber, DEFAULT_PHONE_COUNTRY, PHONE_COUNTRIES, type PhoneCountry } from './phone-countries';

interface PhoneFieldProps {
  label: string;
  countryLabel: string;
  language: string;
  name: string;
  value: string | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: FieldError;
  required?: boolean;
  disabled?: boolean;
  ref?: Ref<HTMLInputElement>;
}

function nationalPart(value: string, country: PhoneCountry): string {
  const digits = value.replace(/\D/g, '');
  return value.startsWith('+') && digits.startsWith(country.dial) ? digits.slice(country.dial.length) : digits;
}

/**
 * Country-aware phone input (spec §5): a country select (France by default) and the national
 * number, digits only; the value is the international form `+33612345678`, 15 digits at most.
 */
export function PhoneField({
  label,
  countryLabel,
  language,
  name,
  value = '',
  onChange,
  onBlur,
  error,
  required,
  disabled,
  ref,
}: PhoneFieldProps) {
  const id = useId();
  const [chosen, setChosen] = useState<PhoneCountry>(() => countryOfNumber(value) ?? DEFAULT_PHONE_COUNTRY);
  // A value set from outside (profile loaded, form reset) decides the country when it disagrees.
  const fromValue = countryOfNumber(value);
  const country = fromValue && fromValue.dial !== chosen.dial ? fromValue : chosen;
  const national = nationalPart(value, country);
  const maxNational = PHONE_MAX_DIGITS - country.dial.length;

  const names = useMemo(() => {
    try {
      return new Intl.DisplayNames([language], { type: 'region' });
    } catch {
      return null;
    }
  }, [language]);

  const emit = (digits: string, target: PhoneCountry) => {
    let cleaned = digits.replace(/\D/g, '');
    if (!target.keepLeadingZero) cleaned = cleaned.replace(/^0+/, '');
    cleaned = cleaned.slice(0, PHONE_MAX_DIGITS - target.dial.length);
    onChange(cleaned ? `+${target.dial}${cleaned}` : '');
  };

  // What the visitor chose and typed into the server's first paint before the page started (contact
  // page; docs/decisions/0170): the field takes it as it mounts, instead of drawing its empty value over it.
  const countrySelect = useRef<HTMLSelectElement | null>(null);
  const numberInput = useRef<HTMLInputElement | null>(null);
  const numberRef = useCallback(
    (node: HTMLInputElement | null) => {
      numberInput.current = node;
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    },
    [ref],
  );
  useLayoutEffect(() => {
    const typed = numberInput.current?.value ?? '';
    const typedCountry = PHONE_COUNTRIES.find((item) => item.code === countrySelect.current?.value) ?? country;
    if (!typed || (typed === national && typedCountry.code === country.code)) return;
    setChosen(typedCountry);
    emit(typed, typedCountry);
    // Once, as the field mounts over the server's markup.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const message = fieldMessage(error);
  const errorId = message ? `${id}-error` : undefined;

  return (
    <FieldFrame id={id} labelFor={`${id}-number`} label={label} required={required} error={message}>
      <div className="phone-field">
        <select
          ref={countrySelect}
          className="field-input phone-country"
          aria-label={countryLabel}
          value={country.code}
          disabled={disabled}
          onChange={(event) => {
            const next = PHONE_COUNTRIES.find((item) => item.code === event.target.value) ?? DEFAULT_PHONE_COUNTRY;
            setChosen(next);
            emit(national, next);
          }}
        >
          {PHONE_COUNTRIES.map((item) => (
            <option key={item.code} value={item.code}>
              {`${names?.of(item.code) ?? item.code} (+${item.dial})`}
            </option>
          ))}
        </select>
        <input
          id={`${id}-number`}
          ref={numberRef}
          name={name}
          className="field-input phone-number"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          dir="ltr"
          maxLength={maxNational + 1}
          value={national}
          disabled={disabled}
          aria-invalid={message ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={errorId}
          onChange={(event) => emit(event.target.value, country)}
          onBlur={onBlur}
        />
      </div>
    </FieldFrame>
  );
}
