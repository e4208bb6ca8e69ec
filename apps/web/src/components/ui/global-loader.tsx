import { createContext, use, useCallback, useMemo, useState, type ReactNode } from 'react';
import './global-loader.css';

interface GlobalLoader {
  /** Shows the overlay until the returned function is called. */
  start: () => () => void;
  /** Shows the overlay while the promise runs. */
  run: <T>(work: () => Promise<T>) => Promise<T>;
}

const GlobalLoaderContext = createContext<GlobalLoader | null>(null);

interface GlobalLoaderProviderProps {
  label: string;
  children: ReactNode;
}

/** The overlay shown during submits (spec §4 "a loader overlay is shown during calls"). */
export function GlobalLoaderProvider({ label, children }: GlobalLoaderProviderProps) {
  const [pending, setPending] = useState(0);

  const start = useCallback(() => {
    setPending((count) => count + 1);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      setPending((count) => Math.max(0, count - 1));
    };
  }, []);

  const run = useCallback(
    async <T,>(work: () => Promise<T>): Promise<T> => {
      const stop = start();
      try {
        return await work();
      } finally {
        stop();
      }
    },
    [start],
  );

  const value = useMemo(() => ({ start, run }), [start, run]);

  return (
    <GlobalLoaderContext value={value}>
      {children}
      {pending > 0 ? (
        <div className="global-loader" role="status" aria-live="assertive">
          <span className="spinner spinner-large" aria-hidden="true" />
          <span className="global-loader-label">{label}</span>
        </div>
      ) : null}
    </GlobalLoaderContext>
  );
}

export function useGlobalLoader(): GlobalLoader {
  const loader = use(GlobalLoaderContext);
  if (!loader) throw new Error('useGlobalLoader must be used inside GlobalLoaderProvider');
  return loader;
}
