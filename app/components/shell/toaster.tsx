import { useEffect, useEffectEvent, useId, useRef, useState } from "react";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { useLocation } from "react-router";
// The default entry injects its stylesheet from JavaScript at runtime (blocked
// by a strict CSP, and absent before hydration); the unstyled entry leaves it to
// the portal's one stylesheet (app/styles/base.css imports it).
import { Icons, ToastContainer, cssTransition, toast as toastify } from "react-toastify/unstyled";
import { fieldErrorDisplays } from "#app/lib/shell/field-errors.ts";
import { type PortalToast, toastId, toastLifetimeMs, toastTitleKey } from "#app/lib/toast-message.ts";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";

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
 * Shows the toast the server flashed. Without JavaScript (and until
 * hydration) it is plain HTML in a live region that stays; afterwards
 * react-toastify owns it and every later one. Both sit in the page's flow
 * (`.toast-region`, app/styles/components.css), never over it.
 */
export function Toaster({ toast }: { toast?: PortalToast }) {
  const hydrated = useHydrated();
  // Only the toast of the server render is ever static; it is dropped once react-toastify shows it.
  const [staticToast, setStaticToast] = useState(toast);
  return (
    <div className="toast-region">
      {hydrated ? <LiveToasts toast={toast} serverToast={staticToast} onServerToastShown={() => setStaticToast(undefined)} /> : null}
      {staticToast ? <StaticToast toast={staticToast} /> : null}
    </div>
  );
}

/**
 * react-toastify and what feeds it. One component with the container, so
 * both mount together: under StrictMode the container is torn down and
 * rebuilt once on mount, and the effects below must run again after that
 * (a toast handed to the first container would be lost).
 */
function LiveToasts({ toast, serverToast, onServerToastShown }: { toast?: PortalToast; serverToast?: PortalToast; onServerToastShown: () => void }) {
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

/** The server-rendered form: react-toastify's own classes, so the look does not change at takeover. */
function StaticToast({ toast }: { toast: PortalToast }) {
  const { t } = useTranslation();
  const Icon = Icons[toast.type] ?? Icons.info;
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
            <Icon theme="colored" type={toast.type} />
          </div>
          <ToastBody toast={toast} title={toast.title ?? t(toastTitleKey(toast.type))} />
        </div>
      </div>
    </div>
  );
}

function ToastBody({ toast, title }: { toast: PortalToast; title: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const fieldErrors = fieldErrorDisplays(toast.fieldErrors);
  return (
    <div className="toast">
      <p className="toast__title">{title}</p>
      {/* Text, never HTML: what a message interpolates or a service echoes shows as it is. */}
      <p className="toast__message">{toast.message}</p>
      {toast.description ? <p className="toast__detail">{toast.description}</p> : null}
      {toast.detail ? (
        <p className="toast__code">
          {t("shell.toast.errorId")} <code>{toast.detail}</code>
        </p>
      ) : null}
      {toast.errorCode ? (
        <p className="toast__code">
          {t("shell.toast.errorCode")} <code>{toast.errorCode}</code>
        </p>
      ) : null}
      {fieldErrors.length > 0 ? (
        <>
          <p className="toast__field-errors-heading" id={headingId}>
            {t("shell.toast.fieldErrors")}
          </p>
          <ul className="toast__field-errors" aria-labelledby={headingId}>
            {fieldErrors.map((error, index) => (
              <li key={index} className="toast__field-error">
                {error.fieldName ? <span className="toast__field-name">{error.fieldName}: </span> : null}
                {error.kind === "text" ? (
                  error.text
                ) : (
                  <ul className="toast__field-errors toast__field-errors--nested">
                    {error.entries.map((entry, entryIndex) => (
                      <li key={entryIndex} className="toast__field-error">
                        {entry.field ? <span className="toast__field-name">{entry.field}: </span> : null}
                        {entry.message}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
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
