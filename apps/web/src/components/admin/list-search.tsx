import { SEARCH_MAX_LENGTH } from '@vtc/shared/search/search-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import './list-search.css';

/** Typing pauses this long before the list is searched again. */
const DEBOUNCE_MS = 300;

/**
 * A list's filters kept in the page's URL (`?q=dupont&from=…`), so that a reload, the back
 * button or a shared link shows the same rows. Blank values leave the URL.
 */
export function useUrlFilters<Name extends string>(names: readonly Name[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(names.map((name) => [name, params.get(name) ?? ''])) as Record<Name, string>;
  const setValue = (name: Name, value: string) => {
    // Read from the address bar, not the last render: two changes in quick succession (a date,
    // then the search's delayed update) must both be kept.
    const next = new URLSearchParams(window.location.search);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  return [values, setValue] as const;
}

interface ListSearchFieldProps {
  label: string;
  hint: string;
  /** The submit button's label: it searches at once, as Enter does. */
  buttonLabel: string;
  /** The search in force (from the URL). */
  value: string;
  onSearch: (q: string) => void;
}

/** A search box for an admin list: the list follows the text a moment after the last key, or at Enter. */
export function ListSearchField({ label, hint, buttonLabel, value, onSearch }: ListSearchFieldProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  // The search this box last asked for, until the URL shows it: the box's own search landing
  // must not put back a text the user has typed past meanwhile.
  const [asked, setAsked] = useState<string | null>(null);
  if (value !== shown) {
    setShown(value);
    if (value === asked) setAsked(null);
    // The URL changed from outside (back button, a link): show its search in the box.
    else if (value !== text.trim()) setText(value);
  }
  const ask = (q: string) => {
    if (q === value) return;
    setAsked(q);
    onSearch(q);
  };
  const search = useRef(ask);
  useEffect(() => {
    search.current = ask;
  });
  useEffect(() => {
    const typed = text.trim();
    if (typed === value) return;
    const timer = window.setTimeout(() => search.current(typed), DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, value]);

  return (
    <form
      role="search"
      className="list-search"
      onSubmit={(event) => {
        event.preventDefault();
        search.current(text.trim());
      }}
    >
      <div className="field">
        <label htmlFor={id} className="field-label">
          {label}
        </label>
        <input
          id={id}
          type="search"
          className="field-input"
          value={text}
          maxLength={SEARCH_MAX_LENGTH}
          autoComplete="off"
          dir="auto"
          onChange={(event) => setText(event.target.value)}
          aria-describedby={`${id}-hint`}
        />
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      </div>
      <button type="submit" className="btn btn-primary">
        {buttonLabel}
      </button>
    </form>
  );
}
