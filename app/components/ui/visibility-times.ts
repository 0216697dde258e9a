import { useEffect, useState } from "react";

export type TabVisibilityTimes = {
  /** When the tab was last shown; the moment of loading to begin with. */
  lastTabOpenedTime: Date;
  /** When the tab was last hidden; null while it has not been hidden yet. */
  lastTabClosedTime: Date | null;
};

/** The shell's record of when the tab was last shown and hidden: set on each visibility change. */
export function useTabVisibilityTimes(): TabVisibilityTimes {
  const [times, setTimes] = useState<TabVisibilityTimes>(() => ({
    lastTabOpenedTime: new Date(),
    lastTabClosedTime: null,
  }));

  useEffect(() => {
    function recordVisibility() {
      const now = new Date();
      setTimes((previous) => (document.visibilityState === "visible" ? { ...previous, lastTabOpenedTime: now } : { ...previous, lastTabClosedTime: now }));
    }
    document.addEventListener("visibilitychange", recordVisibility);
    return () => document.removeEventListener("visibilitychange", recordVisibility);
  }, []);

  return times;
}
