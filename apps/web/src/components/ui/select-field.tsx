import { useId, type ComponentProps, type ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';
import { describedBy, FieldFrame } from './field-frame';
import { fieldMessage } from './field-message';

export interface SelectOption {
  value: string | number;
  label: string;
}

type SelectFieldProps = Omit<ComponentProps<'select'>, 'id' | 'children'> & {
  label: ReactNode;
  options: readonly SelectOption[];
  /** A first, empty choice ("Choisir…"); leave out when a value is always chosen. */
  placeholder?: string;
  error?: FieldError;
};

/** A labelled select with its translated error, the counterpart of TextField. */
export function SelectField({ label, options, placeholder, error, className, required, ...selectProps }: SelectFieldProps) {
  const id = useId();
  const message = fieldMessage(error);
  return (
    <FieldFrame id={id} label={label} required={required} error={message} className={className}>
      <select
        id={id}
        className="field-input"
        aria-invalid={message ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(id, false, message)}
        {...selectProps}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
