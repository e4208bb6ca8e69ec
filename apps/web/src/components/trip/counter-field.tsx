import { useId, type ReactNode, type Ref } from 'react';
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
  /** The amount each button adds or takes away (whole numbers by default; 0.5 for half hours). */
  step?: number;
  /** The id of an error message shown near the field: the input is marked invalid and described by it. */
  errorId?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** `value` moved by `delta` without binary fractions creeping in (5.5 + 0.5 is 6, not 6.000001). */
function stepBy(value: number, delta: number): number {
  return Math.round((value + delta) * 1000) / 1000;
}

/**
 * A small number (whole by default) with − and + buttons around a labelled number input: the buttons for
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
  step = 1,
  errorId,
  inputRef,
}: CounterFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const whole = Number.isInteger(step);
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
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
          onClick={() => onChange(clamp(stepBy(value, -step), min, max))}
        >
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
            <path d="M5 12h14" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
          </svg>
        </button>
        <input
          id={id}
          ref={inputRef}
          name={name}
          className="counter-input"
          type="number"
          inputMode={whole ? 'numeric' : 'decimal'}
          min={min}
          max={max}
          step={step}
          value={value}
          aria-describedby={describedBy}
          aria-invalid={errorId ? true : undefined}
          onChange={(event) => {
            const next = whole ? Number.parseInt(event.target.value, 10) : Number.parseFloat(event.target.value);
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
          onClick={() => onChange(clamp(stepBy(value, step), min, max))}
        >
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
            <path d="M5 12h14M12 5v14" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
          </svg>
        </button>
      </div>
    </div>
  );
}
