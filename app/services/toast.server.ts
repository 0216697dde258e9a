/** Toasts travel as a cookie-session flash (remix-toast) to the next page the browser renders. */
import { getToast, redirectWithToast, setToastCookieOptions } from "remix-toast";
import type { PortalToast } from "~/components/toasts/toast-message";
import { env, secureCookies } from "./env.server";
import type { UpstreamError } from "./upstream/upstream-error.server";

/** Signs the flash cookie with our secret (the library's default secret is public). */
export function configureToasts(): void {
  setToastCookieOptions({
    name: "sp_toast",
    secrets: [env().SESSION_SECRET],
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: secureCookies,
  });
}

/**
 * The toast flashed to this request, if any. Without the flash cookie there
 * is nothing to read: the library would still sign and write an empty
 * session on every page.
 */
export async function readToast(request: Request): Promise<{ toast?: unknown; headers?: Headers }> {
  if (!request.headers.get("Cookie")?.includes("sp_toast=")) return {};
  return getToast(request);
}

export function redirectWithPortalToast(url: string, toast: PortalToast, init?: ResponseInit): Promise<Response> {
  return redirectWithToast(url, toast, init);
}

/** The error toast for a failed upstream call: the service's message, errors list, code and reference. */
export function upstreamErrorToast(error: UpstreamError, fallbackMessage: string): PortalToast {
  return {
    type: "error",
    message: error.unreachable || !error.body.message ? fallbackMessage : error.body.message,
    detail: error.reference,
    errorCode: error.body.errorCode,
    fieldErrors: error.body.errors,
  };
}
