import { useId, type ComponentProps, type Ref } from 'react';
import type { FieldError } from 'react-hook-form';
import { Link } from 'react-router';
import { fieldMessage } from '../../../components/ui/field-message';
import './terms-checkbox.css';

interface TermsCheckboxProps extends Omit<ComponentProps<'input'>, 'type'> {
  label: string;
  termsLabel: string;
  privacyLabel: string;
  error?: FieldError;
  ref?: Ref<HTMLInputElement>;
}

/**
 * The consent a new account gives to the terms of sale and the privacy policy. The texts open in
 * a new tab, so that reading them does not lose what was typed in the form.
 */
export function TermsCheckbox({ label, termsLabel, privacyLabel, error, ref, ...input }: TermsCheckboxProps) {
  const id = useId();
  const message = fieldMessage(error);
  const errorId = `${id}-error`;
  return (
    <div className="terms-checkbox">
      <label className="terms-checkbox-label" htmlFor={id}>
        <input
          id={id}
          ref={ref}
          type="checkbox"
          className="terms-checkbox-input"
          aria-invalid={message ? true : undefined}
          aria-required
          aria-describedby={message ? errorId : undefined}
          {...input}
        />
        <span>{label}</span>
      </label>
      <p className="terms-checkbox-links">
        <Link to="/cgv" target="_blank" rel="noopener">
          {termsLabel}
        </Link>
        <Link to="/confidentialite" target="_blank" rel="noopener">
          {privacyLabel}
        </Link>
      </p>
      {message ? (
        <p id={errorId} className="field-error" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
}
