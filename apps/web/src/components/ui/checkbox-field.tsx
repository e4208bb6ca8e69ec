import { useId, type ComponentProps, type ReactNode, type Ref } from 'react';
import type { FieldError } from 'react-hook-form';
import { fieldMessage } from './field-message';
import './checkbox-field.css';

interface CheckboxFieldProps extends Omit<ComponentProps<'input'>, 'type' | 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: FieldError;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled checkbox with its hint and translated error, wired for screen readers. */
export function CheckboxField({ label, hint, error, className, ref, ...input }: CheckboxFieldProps) {
  const id = useId();
  const message = fieldMessage(error);
  const described = [hint ? `${id}-hint` : '', message ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['checkbox-field', className].filter(Boolean).join(' ')}>
      <label className="checkbox-field-label" htmlFor={id}>
        <input
          id={id}
          ref={ref}
          type="checkbox"
          className="checkbox-field-input"
          aria-invalid={message ? true : undefined}
          aria-describedby={described}
          {...input}
        />
        <span>{label}</span>
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="field-hint checkbox-field-hint">
          {hint}
        </p>
      ) : null}
      {message ? (
        <p id={`${id}-error`} className="field-error checkbox-field-hint" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
}
