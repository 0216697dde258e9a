import type { ToastMessage } from "remix-toast";

/** One field's complaint, as the upstream services report it. */
export type ToastFieldError = { fieldName?: string; errorMessage: string };

/**
 * What the server flashes (remix-toast) and the root hands to the Toaster.
 * Every field is plain text (toast-text.server.ts): `message` the toast's
 * sentence, `description` more of what happened in words (e.g. what the
 * service said), `detail` the service's reference for support, shown as the
 * error id.
 */
export type PortalToast = ToastMessage & {
  title?: string;
  detail?: string;
  errorCode?: string;
  fieldErrors?: ToastFieldError[];
};

export type ToastKind = PortalToast["type"];

/** How long each kind stays before closing by itself (docs/product.md §5). */
const lifetimes: Record<ToastKind, number> = {
  error: 30_000,
  success: 1_500,
  warning: 5_000,
  info: 5_000,
};

export function toastLifetimeMs(type: ToastKind): number {
  // The payload comes out of a cookie: an unknown kind gets the notice lifetime.
  return lifetimes[type] ?? lifetimes.info;
}

/** Translation key of the default title; an info toast is titled "Notice". */
export function toastTitleKey(type: ToastKind) {
  switch (type) {
    case "error":
      return "results.error";
    case "success":
      return "results.success";
    case "warning":
      return "results.warning";
    default:
      return "results.notice";
  }
}

/** Identical toasts (same title and message) share an id, so one is never shown twice at once. */
export function toastId(toast: Pick<PortalToast, "message">, title: string): string {
  return title + toast.message;
}
