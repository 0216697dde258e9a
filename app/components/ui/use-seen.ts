import { useCallback, useState, type RefCallback } from "react";

/**
 * Whether the element has come near the screen (within `margin`) since it was first shown; it stays true. For work
 * a reader only needs where they look, e.g. drawing a chart further down a phone's page. Without
 * IntersectionObserver, the element counts as seen at once.
 */
export function useSeen<T extends Element>(margin = "100px"): [RefCallback<T>, boolean] {
  const [seen, setSeen] = useState(false);
  const ref = useCallback(
    (element: T | null) => {
      if (!element || seen) return;
      if (typeof IntersectionObserver === "undefined") {
        setSeen(true);
        return;
      }
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          setSeen(true);
          observer.disconnect();
        },
        { rootMargin: margin },
      );
      observer.observe(element);
      return () => observer.disconnect();
    },
    [seen, margin],
  );
  return [ref, seen];
}
