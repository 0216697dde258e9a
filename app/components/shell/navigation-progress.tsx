import { useEffect, useState } from "react";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { useNavigation } from "react-router";
import { afterHydration } from "#app/components/ui/after-hydration.tsx";

/** Shown only when a navigation is slow: its code is fetched once the page is hydrated (preloaded below). */
const Preloader = afterHydration(() => import("./preloader.tsx").then((module) => module.Preloader));

/** Below this a navigation feels instant; the bar alone is enough. */
const OVERLAY_AFTER_MS = 600;

/**
 * The "loading flag": a slim bar at the top while a navigation or form
 * submission is pending, and the preloader over the page when it takes long.
 * Only slow loads are announced, so that quick clicks do not make a screen
 * reader chatter.
 */
export function NavigationProgress() {
  const { t } = useTranslation();
  const pending = useNavigation().state !== "idle";
  const slow = useTurnsTrueAfter(pending, OVERLAY_AFTER_MS);
  useEffect(() => Preloader.preload(), []);

  return (
    <>
      {pending ? (
        <div className="nav-progress" aria-hidden="true">
          <div className="nav-progress__bar" />
        </div>
      ) : null}
      {/* Always present: a live region must exist before its text changes to be announced. */}
      <div role="status" className="visually-hidden">
        {slow ? t("shell.loading.label") : ""}
      </div>
      {slow ? <Preloader announce={false} overlay /> : null}
    </>
  );
}

/** True once `active` has been true for `delayMs` without a break. */
function useTurnsTrueAfter(active: boolean, delayMs: number): boolean {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setElapsed(true), delayMs);
    return () => {
      clearTimeout(timer);
      setElapsed(false);
    };
  }, [active, delayMs]);
  return active && elapsed;
}
