import { useId, type ComponentProps, type ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';
import { describedBy, FieldFrame } from './field-frame';
import { fieldMessage } from './field-message';

type TextFieldProps = Omit<ComponentProps<'input'>, 'id'> & {
  label: ReactNode;
  error?: FieldError;
  hint?: ReactNode;
};

/** A labelled input with its hint and translated error, wired for screen readers. */
export function TextField({ label, error, hint, className, required, ...inputProps }: TextFieldProps) {
  const id = useId();
  const message = fieldMessage(error);
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={message} className={className}>
      <input
        id={id}
        className="field-input"
        aria-invalid={message ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(id, hint, message)}
        {...inputProps}
      />
    </FieldFrame>
  );
}
