import { useId, type ComponentProps } from 'react';
import type { FieldError } from 'react-hook-form';
import { describedBy, FieldFrame } from '../../../components/ui/field-frame';
import { fieldMessage } from '../../../components/ui/field-message';

type DescriptionFieldProps = Omit<ComponentProps<'textarea'>, 'id'> & { label: string; error?: FieldError };

/** A required text area for a tour's description in one language. */
export function DescriptionField({ label, error, ...textareaProps }: DescriptionFieldProps) {
  const id = useId();
  const message = fieldMessage(error);
  return (
    <FieldFrame id={id} label={label} required error={message} className="tour-description">
      <textarea
        id={id}
        className="field-input"
        rows={4}
        aria-required
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy(id, undefined, message)}
        {...textareaProps}
      />
    </FieldFrame>
  );
}
