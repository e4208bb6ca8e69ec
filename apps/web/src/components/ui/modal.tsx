import { useEffect, useId, useRef, type ReactNode } from 'react';

interface ModalProps {
  open: boolean;
  title: string;
  /** Escape, a click on the backdrop and the caller's own buttons close it. */
  onClose: () => void;
  children: ReactNode;
  className?: string;
}

/**
 * A modal built on `<dialog>` opened with showModal(): role dialog, the rest of the page inert,
 * Escape to close. Focus goes to the element marked `data-autofocus` (else the first control)
 * and returns to where it was when the modal closes.
 */
export function Modal({ open, title, onClose, children, className }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (previous?.isConnected) previous.focus();
    };
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={['modal', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open ? (
        <div className="modal-body">
          <h2 id={titleId} className="modal-title">
            {title}
          </h2>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}
