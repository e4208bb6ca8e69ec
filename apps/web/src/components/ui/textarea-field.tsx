import { useId, type ComponentProps, type ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';
import { FieldFrame } from './field-frame';
import { fieldMessage } from './field-message';

type TextareaFieldProps = Omit<ComponentProps<'textarea'>, 'id' | 'maxLength'> & {
  label: ReactNode;
  error?: FieldError;
  hint?: ReactNode;
  /** Characters allowed; typing more is possible but refused on submit (nothing is cut silently). */
  limit: number;
  /** Characters typed so far. */
  length: number;
  /** The visible counter, e.g. "12 / 250". */
  counter: string;
  /** Said to screen readers once the limit is near or passed, e.g. "3 characters left". */
  announcement: (remaining: number) => string;
};

const ANNOUNCE_WHEN_LEFT = 20;

/** A labelled text area with a live character counter, its hint and translated error. */
export function TextareaField({
  label,
  error,
  hint,
  limit,
  length,
  counter,
  announcement,
  className,
  required,
  ...textareaProps
}: TextareaFieldProps) {
  const id = useId();
  const message = fieldMessage(error);
  const hintId = hint ? `${id}-hint` : undefined;
  const counterId = `${id}-counter`;
  const errorId = message ? `${id}-error` : undefined;
  const remaining = limit - length;
  // The hint sits beside the counter, so FieldFrame gets no hint of its own.
  return (
    <FieldFrame id={id} label={label} required={required} error={message} className={className}>
      <textarea
        id={id}
        className="field-input field-textarea"
        aria-invalid={message || remaining < 0 ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={[hintId, counterId, errorId].filter(Boolean).join(' ')}
        {...textareaProps}
      />
      <div className="field-meta">
        {hint ? (
          <p id={hintId} className="field-hint">
            {hint}
          </p>
        ) : null}
        <p id={counterId} className={remaining < 0 ? 'field-counter is-over' : 'field-counter'} dir="ltr">
          {counter}
        </p>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {remaining <= ANNOUNCE_WHEN_LEFT ? announcement(remaining) : ''}
      </p>
    </FieldFrame>
  );
}
