import type { ReactNode } from 'react';

interface FieldFrameProps {
  /** The control's id; the hint and error get `<id>-hint` and `<id>-error`. */
  id: string;
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
 * The label, hint and error around a form control other than a text input (select, file,
 * textarea), laid out like TextField.
 */
export function FieldFrame({ id, label, required, hint, error, className, children }: FieldFrameProps) {
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <div className="field-label-row">
        <label htmlFor={id} className="field-label">
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
