import { useEffect, useState } from 'react';

/**
 * False on the first render of a component, true once the page around it has been painted and
 * the browser has a moment (an idle callback, one second at most): what is not needed to read the
 * page (a map and its library) then downloads and runs after its first paint (docs/decisions/0124).
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setPainted(true), { timeout: 1000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(() => setPainted(true), 50);
    return () => window.clearTimeout(timer);
  }, []);
  return painted;
}
