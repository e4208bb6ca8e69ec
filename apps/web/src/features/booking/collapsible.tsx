import { useId, type ReactNode } from 'react';
import './collapsible.css';

interface CollapsibleProps {
  /** The text of the toggle button (its accessible name). */
  title: ReactNode;
  /** A short summary beside the title, shown open or closed (e.g. "2 adults · 3 bags"). */
  summary?: ReactNode;
  icon?: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  className?: string;
  children: ReactNode;
}

/** A disclosure section: a button with aria-expanded that shows or hides its panel. */
export function Collapsible({ title, summary, icon, open, onOpenChange, className, children }: CollapsibleProps) {
  const id = useId();
  const panelId = `${id}-panel`;
  return (
    <div className={['collapsible', open ? 'is-open' : '', className].filter(Boolean).join(' ')}>
      <button
        type="button"
        className="collapsible-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => onOpenChange(!open)}
      >
        {icon ? <span className="collapsible-icon">{icon}</span> : null}
        <span className="collapsible-text">
          <span className="collapsible-title">{title}</span>
          {summary ? <span className="collapsible-summary">{summary}</span> : null}
        </span>
        <span className="collapsible-caret" aria-hidden="true" />
      </button>
      <div id={panelId} className="collapsible-panel" hidden={!open}>
        {children}
      </div>
    </div>
  );
}
