import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { useTabVisibilityTimes } from "#app/components/ui/visibility-times.ts";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";

export const VERSION_CHECK_INTERVAL_MS = 5 * 60 * 1000;

/**
 * Notices a deploy while the portal is open: asks the server for its build
 * id every few minutes and whenever the tab comes back, and offers a reload
 * when it is not the build running here. Renders nothing on the server.
 */
export function VersionCheck({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [serverVersion, setServerVersion] = useState<string | null>(null);
  const [postponedVersion, setPostponedVersion] = useState<string | null>(null);
  const checking = useRef(false);
  const { lastTabOpenedTime } = useTabVisibilityTimes();
  const loadedAt = useRef(lastTabOpenedTime);

  const check = useCallback(async () => {
    // Focus and visibilitychange arrive together when the user switches back.
    if (checking.current) return;
    checking.current = true;
    try {
      const version = await fetchServerVersion();
      if (version !== null) setServerVersion(version);
    } finally {
      checking.current = false;
    }
  }, []);

  useEffect(() => {
    const timer = setInterval(check, VERSION_CHECK_INTERVAL_MS);
    window.addEventListener("focus", check);
    return () => {
      clearInterval(timer);
      window.removeEventListener("focus", check);
    };
  }, [check]);

  useEffect(() => {
    // The page was just loaded: its build is current.
    if (lastTabOpenedTime === loadedAt.current) return;
    void check();
  }, [lastTabOpenedTime, check]);

  if (!hydrated) return null;
  const outdated = serverVersion !== null && serverVersion !== __BUILD_ID__ && serverVersion !== postponedVersion;

  return (
    // Present (empty) from hydration on: a live region must exist before its content changes to be announced.
    <div className="version-banner-region" role="status">
      {outdated ? (
        <div className="version-banner">
          <p className="version-banner__text">{t("shell.version.available")}</p>
          <div className="version-banner__actions">
            <button type="button" className="version-banner__reload" onClick={reload}>
              {t("shell.version.reload")}
            </button>
            <button type="button" className="version-banner__later" onClick={() => setPostponedVersion(serverVersion)}>
              {t("shell.version.later")}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

/** The server's build id, or null when it cannot be had right now (offline, mid-deploy): the next check will tell. */
async function fetchServerVersion(): Promise<string | null> {
  try {
    const response = await fetch("/version", { cache: "no-store", headers: { Accept: "application/json" } });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    if (typeof body !== "object" || body === null || !("version" in body)) return null;
    return typeof body.version === "string" ? body.version : null;
  } catch {
    return null;
  }
}
