/**
 * react-toastify and what the toaster hands it: loaded with the first toast a
 * page shows (toaster.tsx), so that a page without one never loads it.
 */
import { useEffect, useEffectEvent, useRef } from "react";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { useLocation } from "react-router";
// The default entry injects its stylesheet from JavaScript at runtime (blocked
// by a strict CSP, and absent before hydration); the unstyled entry leaves it to
// the portal's one stylesheet (app/styles/base.css imports it).
import { ToastContainer, cssTransition, toast as toastify } from "react-toastify/unstyled";
import { type PortalToast, toastId, toastLifetimeMs, toastTitleKey } from "#app/lib/toast-message.ts";
import { ToastBody } from "./toast-body.tsx";

export { ToastIcon } from "./toast-icon.tsx";

const VISIBLE_TOASTS = 8;
const START_DELAY_MS = 200;
const COLLAPSE_MS = 300;

const bounce = cssTransition({
  enter: "Toastify--animate Toastify__bounce-enter",
  exit: "Toastify--animate Toastify__bounce-exit",
  appendPosition: true,
  collapseDuration: COLLAPSE_MS,
});

// The toast that came with the server HTML is already on screen when
// react-toastify takes it over: it must not bounce in a second time.
// `.toast-takeover` (app/styles/components.css) is a 1 ms no-op animation, because
// react-toastify starts the close timer when the enter animation ends.
const takeOver = cssTransition({
  enter: "toast-takeover",
  exit: "Toastify--animate Toastify__bounce-exit--top-right",
  collapseDuration: COLLAPSE_MS,
});

/**
 * react-toastify and what feeds it. One component with the container, so
 * both mount together: under StrictMode the container is torn down and
 * rebuilt once on mount, and the effects below must run again after that
 * (a toast handed to the first container would be lost).
 */
export function LiveToasts({ toast, serverToast, onServerToastShown }: { toast?: PortalToast; serverToast?: PortalToast; onServerToastShown: () => void }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const url = pathname + search;
  const previousUrl = useRef(url);
  const urlEpoch = useRef(0);

  // Declared before the effect that shows toasts: on a navigation that brings
  // a toast, the old page's toasts go first.
  useEffect(() => {
    if (previousUrl.current === url) return;
    previousUrl.current = url;
    urlEpoch.current += 1;
    toastify.dismiss();
    // Queued toasts (beyond the visible limit) belong to the old page too.
    toastify.clearWaitingQueue();
  }, [url]);

  // An effect event: a change of language must not show the toast once more.
  const show = useEffectEvent((toast: PortalToast) => {
    const title = toast.title ?? t(toastTitleKey(toast.type));
    toastify(<ToastBody toast={toast} title={title} />, {
      // Scoped to the URL: toasts of the old page may still be playing their
      // exit animation under the same id, and react-toastify would drop the new one.
      toastId: domSafeId(toastId(toast, title), urlEpoch.current),
      type: toast.type,
      // remix-toast lets the server set a duration; the kind decides otherwise.
      autoClose: toast.duration ?? toastLifetimeMs(toast.type),
      role: toast.type === "error" ? "alert" : "status",
      ...(toast === serverToast ? { transition: takeOver, onOpen: onServerToastShown } : { delay: START_DELAY_MS }),
    });
  });

  // Runs for each new toast object only, so a toast dismissed by a URL change
  // does not come back while the loader data still holds the same one.
  useEffect(() => {
    if (toast) show(toast);
  }, [toast]);

  return (
    <ToastContainer
      position="top-right"
      limit={VISIBLE_TOASTS}
      pauseOnHover
      pauseOnFocusLoss
      closeOnClick={false}
      theme="colored"
      transition={bounce}
      closeButton={({ closeToast }) => <CloseButton onClose={() => closeToast(true)} />}
      aria-label={t("shell.toast.region")}
    />
  );
}

/** react-toastify's close button has a fixed English label. */
function CloseButton({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="Toastify__close-button Toastify__close-button--colored"
      aria-label={t("shell.toast.close")}
      onClick={(event) => {
        event.stopPropagation();
        onClose();
      }}
    >
      <svg aria-hidden="true" focusable="false" viewBox="0 0 14 16">
        <path fillRule="evenodd" d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z" />
      </svg>
    </button>
  );
}

/**
 * The toast id becomes the element's DOM id, and title + message hold
 * spaces and markup: hash it (FNV-1a), identical text still gives the same id.
 */
function domSafeId(key: string, epoch: number): string {
  let hash = 0x811c9dc5;
  for (const char of key) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `toast-${hash.toString(36)}-${epoch}`;
}
