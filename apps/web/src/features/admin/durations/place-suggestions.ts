import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiFetch } from '../../../lib/api-fetch';

const DEBOUNCE_MS = 250;

/** The text once it has stopped changing for a moment. */
function useDebounced(text: string): string {
  const [debounced, setDebounced] = useState(text);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(text), DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  return debounced;
}

/**
 * Place names matching what the admin typed (GET /places/suggest, the booking form's
 * suggestions, Europe included), for a `<datalist>`. A failure just gives no suggestion.
 */
export function usePlaceSuggestions(text: string): string[] {
  const q = useDebounced(text.trim());
  const suggestions = useQuery({
    queryKey: ['places', 'suggest', q],
    queryFn: ({ signal }) =>
      apiFetch<{ data?: { title: string }[] }>('/places/suggest', { signal, authenticated: false, query: { q, europe: true } }).then(
        (body) => (Array.isArray(body?.data) ? body.data.map((place) => place.title) : []),
      ),
    enabled: q.length >= 2,
    retry: false,
    staleTime: 5 * 60_000,
  });
  return [...new Set(suggestions.data ?? [])];
}
