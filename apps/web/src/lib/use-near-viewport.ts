import { useEffect, useState, type RefObject } from 'react';

/**
 * False until the element comes within `margin` of a screen (three quarters by default) of the
 * viewport (at once without IntersectionObserver), then true for good: what lies below a phone's
 * first screens loads and runs when the visitor scrolls towards it, not while the page starts
 * (docs/decisions/0163, 0166). `watch` false leaves it false and observes nothing.
 */
export function useNearViewport(element: RefObject<Element | null>, watch = true, margin = '75%'): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const target = element.current;
    if (!watch || near) return;
    if (!target || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, watch, near, margin]);
  return near;
}
