import type { ReactNode } from 'react';

interface FieldFrameProps {
  /** The control's id; the hint and error get `<id>-hint` and `<id>-error`. */
  id: string;
  /** The id the label points at, when the control's id is not `id` (default `id`). */
  labelFor?: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  /** The translated error message, if any. */
  error?: string;
  className?: string;
  children: ReactNode;
}

/** Ids a control inside a FieldFrame points its aria-describedby at. */
export function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

/**
 * The label, hint and error around a form control: the one markup of every field (text, select,
 * file, textarea, phone).
 */
export function FieldFrame({ id, labelFor = id, label, required, hint, error, className, children }: FieldFrameProps) {
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <div className="field-label-row">
        <label htmlFor={labelFor} className="field-label">
          {label}
        </label>
        {required ? (
          <span className="field-required" aria-hidden="true">
            *
          </span>
        ) : null}
      </div>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
