import { useId, type ReactNode } from 'react';
import './counter-field.css';

interface CounterFieldProps {
  label: string;
  hint?: ReactNode;
  icon?: ReactNode;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  /** Accessible names of the − and + buttons, e.g. "One adult less". */
  decrementLabel: string;
  incrementLabel: string;
  name?: string;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/**
 * A small whole number with − and + buttons around a labelled number input: the buttons for
 * pointer users, the input (arrow keys, typing) for keyboard and screen-reader users.
 */
export function CounterField({
  label,
  hint,
  icon,
  value,
  min,
  max,
  onChange,
  decrementLabel,
  incrementLabel,
  name,
}: CounterFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="counter-field">
      <div className="counter-text">
        {icon ? <span className="counter-icon">{icon}</span> : null}
        <span>
          <label htmlFor={id} className="counter-label">
            {label}
          </label>
          {hint ? (
            <span id={hintId} className="counter-hint">
              {hint}
            </span>
          ) : null}
        </span>
      </div>
      <div className="counter-controls">
        <button
          type="button"
          className="counter-button"
          aria-label={decrementLabel}
          aria-controls={id}
          disabled={value <= min}
          onClick={() => onChange(clamp(value - 1, min, max))}
        >
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
            <path d="M5 12h14" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
          </svg>
        </button>
        <input
          id={id}
          name={name}
          className="counter-input"
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          value={value}
          aria-describedby={hintId}
          onChange={(event) => {
            const next = Number.parseInt(event.target.value, 10);
            onChange(Number.isNaN(next) ? min : clamp(next, min, max));
          }}
          onFocus={(event) => event.target.select()}
        />
        <button
          type="button"
          className="counter-button"
          aria-label={incrementLabel}
          aria-controls={id}
          disabled={value >= max}
          onClick={() => onChange(clamp(value + 1, min, max))}
        >
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
            <path d="M5 12h14M12 5v14" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
          </svg>
        </button>
      </div>
    </div>
  );
}
