import { createContext, lazy, Suspense, use, useState, type ComponentProps, type ReactNode } from "react";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { type PortalToast, toastTitleKey } from "#app/lib/toast-message.ts";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import { ToastBody } from "./toast-body.tsx";

/** react-toastify and what feeds it (live-toasts.tsx), loaded with the first toast to show: a page without one never loads it. */
const LiveToasts = lazy(() => import("./live-toasts.tsx").then((module) => ({ default: module.LiveToasts })));

const LazyToastIcon = lazy(() => import("./live-toasts.tsx").then((module) => ({ default: module.ToastIcon })));

/**
 * The icon of the server-rendered toast, react-toastify's own. The server
 * render provides it in place (entry.server.tsx); in the browser it comes with
 * react-toastify, and until then hydration leaves the server's markup of it as
 * it is (its Suspense boundary), so the toast looks the same throughout.
 */
export const ToastIconContext = createContext<(type: PortalToast["type"]) => ReactNode>((type) => <LazyToastIcon type={type} />);

/**
 * Shows the toast the server flashed. Without JavaScript (and until
 * hydration) it is plain HTML in a live region that stays; afterwards
 * react-toastify owns it and every later one. Both sit in the page's flow
 * (`.toast-region`, app/styles/components.css), never over it.
 */
export function Toaster({ toast }: { toast?: PortalToast }) {
  // Only the toast of the server render is ever static; it is dropped once react-toastify shows it.
  const [staticToast, setStaticToast] = useState(toast);
  // react-toastify is mounted with the first toast and stays, to follow the URL (a navigation dismisses the old page's toasts).
  const [live, setLive] = useState(Boolean(toast));
  if (toast && !live) setLive(true);
  return (
    <div className="toast-region">
      {live ? <LiveToastsOnceHydrated toast={toast} serverToast={staticToast} onServerToastShown={() => setStaticToast(undefined)} /> : null}
      {staticToast ? <StaticToast toast={staticToast} /> : null}
    </div>
  );
}

/**
 * react-toastify once the page is hydrated. Asked only where a toast is: a page without one has nothing that differs
 * between hydration and after it, so hydrating leaves no render to make again (ADR 042).
 */
function LiveToastsOnceHydrated(props: ComponentProps<typeof LiveToasts>) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <LiveToasts {...props} />
    </Suspense>
  );
}

/** The server-rendered form: react-toastify's own classes, so the look does not change at takeover. */
function StaticToast({ toast }: { toast: PortalToast }) {
  const { t } = useTranslation();
  const icon = use(ToastIconContext);
  const isError = toast.type === "error";
  return (
    <div className="Toastify toaster-static">
      <div className="Toastify__toast-container Toastify__toast-container--top-right">
        <div
          role={isError ? "alert" : "status"}
          aria-live={isError ? "assertive" : "polite"}
          aria-atomic="true"
          className={`Toastify__toast Toastify__toast-theme--colored Toastify__toast--${toast.type}`}
        >
          <div className="Toastify__toast-icon" aria-hidden="true">
            <Suspense fallback={null}>{icon(toast.type)}</Suspense>
          </div>
          <ToastBody toast={toast} title={toast.title ?? t(toastTitleKey(toast.type))} />
        </div>
      </div>
    </div>
  );
}
