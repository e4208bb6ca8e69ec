import type { Language } from '@vtc/shared/i18n/languages';
import type { PlaceItem } from '@vtc/shared/places/place-responses';
import { fixedPlacesFor, LOCATION_MODES, type LocationMode } from '@vtc/shared/places/fixed-places';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import './location-picker.css';

/** A place as the booking form holds it; `title` is blank until something is typed or chosen. */
export interface PickedPlace {
  title: string;
  type: LocationMode;
  placeId?: string | undefined;
  lat?: number | undefined;
  lon?: number | undefined;
}

export interface LocationPickerLabels {
  modes: Record<LocationMode, string>;
  placeholders: Record<LocationMode, string>;
  clear: string;
  searching: string;
  noResults: string;
  results: (count: number) => string;
}

interface LocationPickerProps {
  label: string;
  value: PickedPlace;
  onChange: (value: PickedPlace) => void;
  language: Language;
  /** The Europe option: address suggestions also in the neighbouring countries. */
  europe: boolean;
  suggest: (query: string, europe: boolean, signal: AbortSignal) => Promise<PlaceItem[]>;
  labels: LocationPickerLabels;
  /** An already translated message; marks the control invalid. */
  error?: string | undefined;
  inputRef?: Ref<HTMLInputElement & HTMLSelectElement>;
  /** Extra control beside the field, e.g. a delete button for a stop. */
  action?: ReactNode;
}

const SUGGEST_DELAY_MS = 250;
const MIN_QUERY_LENGTH = 2;

const MODE_ICONS: Record<LocationMode, ReactNode> = {
  address: <path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11zm0-8.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z" />,
  airport: (
    <path d="M21 15.5v-1.7l-8-5V3.5a1.5 1.5 0 0 0-3 0v5.3l-8 5v1.7l8-2.5v5.3L8 19.8V21l3.5-1 3.5 1v-1.2l-2-1.5V13z" />
  ),
  station: (
    <path d="M7 3h10a3 3 0 0 1 3 3v9a3 3 0 0 1-3 3l1.5 2.5h-2L15 18H9l-1.5 2.5h-2L7 18a3 3 0 0 1-3-3V6a3 3 0 0 1 3-3zm-1 4v4h12V7zm2.5 6.5a1.3 1.3 0 1 0 0 2.6 1.3 1.3 0 0 0 0-2.6zm7 0a1.3 1.3 0 1 0 0 2.6 1.3 1.3 0 0 0 0-2.6z" />
  ),
  town: <path d="M3 21V10l5-3v3l5-3v4h8v10zm3-3h2v-2H6zm0-4h2v-2H6zm5 4h2v-2h-2zm0-4h2v-2h-2zm5 4h2v-2h-2zm0-4h2v-2h-2z" />,
};

function ModeIcon({ mode }: { mode: LocationMode }) {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="18" height="18" fill="currentColor" aria-hidden="true" focusable="false">
      {MODE_ICONS[mode]}
    </svg>
  );
}

/**
 * The booking form's place field (spec §2): four modes switched by icon buttons. Address is a
 * combobox (ARIA 1.2 pattern) with debounced suggestions; airport, station and town pick from
 * the fixed lists, named in the page language.
 */
export function LocationPicker({
  label,
  value,
  onChange,
  language,
  europe,
  suggest,
  labels,
  error,
  inputRef,
  action,
}: LocationPickerProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const controlId = `${id}-control`;
  const listId = `${id}-listbox`;
  const errorId = `${id}-error`;
  const mode = value.type;

  // The text typed by the customer that still needs suggestions; null once a place is chosen.
  const [query, setQuery] = useState<string | null>(null);
  const [suggestions, setSuggestions] = useState<PlaceItem[]>([]);
  const [loading, setLoading] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const blurTimer = useRef<number | undefined>(undefined);

  useEffect(() => {
    const text = query?.trim() ?? '';
    if (text.length < MIN_QUERY_LENGTH) {
      setSuggestions([]);
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    const timer = window.setTimeout(() => {
      suggest(text, europe, controller.signal)
        .then((found) => {
          setSuggestions(found);
          setActive(-1);
        })
        .catch(() => {
          if (!controller.signal.aborted) setSuggestions([]);
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, SUGGEST_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [query, europe, suggest]);

  useEffect(() => () => window.clearTimeout(blurTimer.current), []);

  const switchMode = (next: LocationMode) => {
    if (next === mode) return;
    setQuery(null);
    setOpen(false);
    onChange({ title: '', type: next });
  };

  const choose = (suggestion: PlaceItem) => {
    setQuery(null);
    setOpen(false);
    setActive(-1);
    onChange({
      title: suggestion.title,
      type: suggestion.type,
      placeId: suggestion.placeId,
      lat: suggestion.lat ?? undefined,
      lon: suggestion.lon ?? undefined,
    });
  };

  const showList = open && mode === 'address' && (query?.trim().length ?? 0) >= MIN_QUERY_LENGTH;
  const hasOptions = showList && suggestions.length > 0;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        if (suggestions.length > 0) setActive((index) => (index + 1) % suggestions.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        setOpen(true);
        if (suggestions.length > 0) setActive((index) => (index <= 0 ? suggestions.length - 1 : index - 1));
        break;
      case 'Enter': {
        const chosen = hasOptions && active >= 0 ? suggestions[active] : undefined;
        if (chosen) {
          event.preventDefault();
          choose(chosen);
        }
        break;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        }
        break;
      default:
        break;
    }
  };

  const status = !showList
    ? ''
    : loading
      ? labels.searching
      : suggestions.length === 0
        ? labels.noResults
        : labels.results(suggestions.length);

  const fixed = mode === 'address' ? [] : fixedPlacesFor(mode);
  const describedBy = error ? errorId : undefined;

  return (
    <div className={`location-picker${error ? ' is-invalid' : ''}`} role="group" aria-labelledby={labelId}>
      <div className="location-picker-head">
        <label id={labelId} htmlFor={controlId} className="field-label">
          {label}
        </label>
        <div className="location-modes">
          {LOCATION_MODES.map((item) => (
            <button
              key={item}
              type="button"
              className="location-mode"
              aria-pressed={item === mode}
              aria-label={labels.modes[item]}
              title={labels.modes[item]}
              onClick={() => switchMode(item)}
            >
              <ModeIcon mode={item} />
            </button>
          ))}
        </div>
      </div>

      <div className="location-picker-row">
        {mode === 'address' ? (
          <div className="combobox">
            <span className="combobox-icon">
              <ModeIcon mode="address" />
            </span>
            <input
              id={controlId}
              ref={inputRef}
              className="field-input combobox-input"
              type="text"
              role="combobox"
              autoComplete="off"
              spellCheck={false}
              dir="auto"
              aria-autocomplete="list"
              aria-expanded={hasOptions}
              aria-controls={listId}
              aria-activedescendant={hasOptions && active >= 0 ? `${listId}-${active}` : undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              placeholder={labels.placeholders.address}
              value={value.title}
              onChange={(event) => {
                const text = event.target.value;
                setQuery(text);
                setOpen(true);
                onChange({ title: text, type: 'address' });
              }}
              onKeyDown={onKeyDown}
              onFocus={() => {
                window.clearTimeout(blurTimer.current);
                if (query) setOpen(true);
              }}
              onBlur={() => {
                blurTimer.current = window.setTimeout(() => setOpen(false), 120);
              }}
            />
            {value.title ? (
              <button
                type="button"
                className="combobox-clear"
                aria-label={labels.clear}
                onClick={() => {
                  setQuery(null);
                  onChange({ title: '', type: 'address' });
                }}
              >
                <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
                  <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
                </svg>
              </button>
            ) : null}
            <ul id={listId} role="listbox" aria-label={label} className="combobox-list" hidden={!hasOptions}>
              {hasOptions
                ? suggestions.map((suggestion, index) => (
                    <li
                      key={`${suggestion.placeId}-${index}`}
                      id={`${listId}-${index}`}
                      role="option"
                      aria-selected={index === active}
                      className="combobox-option"
                      onMouseDown={(event) => event.preventDefault()}
                      onMouseEnter={() => setActive(index)}
                      onClick={() => choose(suggestion)}
                    >
                      <ModeIcon mode={suggestion.type} />
                      <span className="combobox-option-title">{suggestion.title}</span>
                      {suggestion.country ? (
                        <span className="combobox-option-country" aria-hidden="true">
                          {suggestion.country}
                        </span>
                      ) : null}
                    </li>
                  ))
                : null}
            </ul>
            <span className="visually-hidden" role="status" aria-live="polite">
              {status}
            </span>
            {showList && !hasOptions && !loading ? <p className="combobox-empty">{labels.noResults}</p> : null}
          </div>
        ) : (
          <div className="select-wrap">
            <span className="combobox-icon">
              <ModeIcon mode={mode} />
            </span>
            <select
              id={controlId}
              ref={inputRef}
              className="field-input location-select"
              value={value.placeId ?? ''}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              onChange={(event) => {
                const place = fixed.find((item) => item.id === event.target.value);
                onChange(
                  place
                    ? { title: place.name[language], type: mode, placeId: place.id, lat: place.lat, lon: place.lon }
                    : { title: '', type: mode },
                );
              }}
            >
              <option value="">{labels.placeholders[mode]}</option>
              {fixed.map((place) => (
                <option key={place.id} value={place.id}>
                  {place.name[language]}
                </option>
              ))}
            </select>
          </div>
        )}
        {action}
      </div>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
