import { useEffect, useState } from 'react';

/**
 * False on the first render of a component, true once the page around it has been painted (the
 * frame after its commit) and the browser has a moment (an idle callback, one second at most):
 * what is not needed to read the page (a map and its library) then downloads and runs after the
 * page's largest paint (docs/decisions/0124).
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer = 0;
    let idle = 0;
    const whenIdle = () => {
      if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(() => setPainted(true), { timeout: 1000 });
      else timer = window.setTimeout(() => setPainted(true), 50);
    };
    // The callback of the next frame runs before it is painted: the task after it comes once it is.
    const frame = window.requestAnimationFrame(() => {
      timer = window.setTimeout(whenIdle, 0);
    });
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
      if (idle) window.cancelIdleCallback(idle);
    };
  }, []);
  return painted;
}
