import { IMAGE_ACCEPT } from '@vtc/shared/cars/car-image';
import { useEffect, useId, useRef, useState } from 'react';
import type { FieldError } from 'react-hook-form';
import { describedBy, FieldFrame } from '../ui/field-frame';
import { fieldMessage } from '../ui/field-message';

interface ImageFieldProps {
  label: string;
  hint: string;
  previewLabel: string;
  value: File | null;
  onChange: (file: File | null) => void;
  onBlur: () => void;
  /** The row's current image (edit mode), shown until another file is chosen. */
  currentUrl: string | null;
  required: boolean;
  error?: FieldError;
}

/** The object URL of a chosen file, revoked when the file changes. */
function useFileUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

/** An image of a row (a car, a tour): a file input and a 250 × 250 preview of the chosen or current image. */
export function ImageField({ label, hint, previewLabel, value, onChange, onBlur, currentUrl, required, error }: ImageFieldProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const chosenUrl = useFileUrl(value);
  const previewUrl = chosenUrl ?? currentUrl;
  const message = fieldMessage(error);

  // A form reset empties the value: the input must forget its file too.
  useEffect(() => {
    if (!value && inputRef.current) inputRef.current.value = '';
  }, [value]);

  return (
    <div className="car-image-field">
      <FieldFrame id={id} label={label} required={required} hint={hint} error={message}>
        <input
          ref={inputRef}
          id={id}
          type="file"
          className="field-input"
          accept={IMAGE_ACCEPT}
          aria-required={required || undefined}
          aria-invalid={message ? true : undefined}
          aria-describedby={describedBy(id, hint, message)}
          onChange={(event) => onChange(event.target.files?.[0] ?? null)}
          onBlur={onBlur}
        />
      </FieldFrame>
      <div className="image-preview">
        {previewUrl ? <img src={previewUrl} alt={previewLabel} width={250} height={250} /> : null}
      </div>
    </div>
  );
}
