import { Suspense, useId, useState, type ReactNode } from 'react';
import { Spinner } from '../ui/spinner';
import './reveal-form.css';

interface RevealFormProps {
  /** The button that opens the form ("Remplir la demande"). */
  label: string;
  /** Said while the form's chunk loads. */
  loadingLabel: string;
  /** The form, handed in by the app (a lazy component): fetched on the first click only. */
  form: ReactNode;
}

/**
 * A form kept out of an offer page's download until it is asked for: the page (and its
 * prerendered markup) shows a button, which puts the form in its place.
 */
export function RevealForm({ label, loadingLabel, form }: RevealFormProps) {
  const [open, setOpen] = useState(false);
  const formId = useId();
  if (!open) {
    return (
      <button type="button" className="btn btn-primary btn-large btn-wrap" aria-expanded={false} aria-controls={formId} onClick={() => setOpen(true)}>
        {label}
      </button>
    );
  }
  return (
    <div id={formId} className="reveal-form">
      <Suspense fallback={<Spinner label={loadingLabel} />}>{form}</Suspense>
    </div>
  );
}
