/** Toasts travel as a cookie-session flash (remix-toast) to the next page the browser renders, each cut to fit its cookie (toast-fit.server.ts). */
import { createContext, data, type RouterContextProvider } from "react-router";
import { dataWithToast, getToast, redirectWithToast, setToastCookieOptions } from "remix-toast";
import type { PortalToast } from "#app/lib/toast-message.ts";
import { secureCookies, sessionSecrets } from "#app/services/config/env.server.ts";
import type { UpstreamError } from "#app/services/upstream/upstream-error.server.ts";
import { fitToast } from "./toast-fit.server.ts";

/** Signs the flash cookie with our secret (the library's default secret is public). */
export function configureToasts(): void {
  setToastCookieOptions({
    name: "sp_toast",
    secrets: sessionSecrets(),
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
  return redirectWithToast(url, fitToast(toast), init);
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

/** A toast of an action that answers with data rather than a redirect, for the page rendered in the same request. */
export const actionToastContext = createContext<PortalToast | null>(null);

/**
 * Answers an action with data and a toast. Without JavaScript the browser's
 * POST renders the page in this same request, so the root reads the toast
 * from the request context; with JavaScript the router reloads the page's
 * data in a second request, which reads it from the flash cookie.
 */
export function dataWithPortalToast<T>(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  payload: T,
  toast: PortalToast,
  init?: ResponseInit,
) {
  if (new URL(request.url).pathname.endsWith(".data")) return dataWithToast(payload, fitToast(toast), init);
  context.set(actionToastContext, fitToast(toast));
  return data(payload, init);
}

/** Answers with data and flashes the toast to the next request (a script's data request reads it when it revalidates). */
export function dataWithFlashedToast<T>(payload: T, toast: PortalToast, init?: ResponseInit) {
  return dataWithToast(payload, fitToast(toast), init);
}

/** Flashes a toast with a response that is not a redirect (e.g. JSON the page's script follows with a navigation). */
export async function withToastForNextPage(response: Response, toast: PortalToast): Promise<Response> {
  const flashed = await dataWithToast(null, fitToast(toast));
  const setCookie = new Headers(flashed.init?.headers).get("Set-Cookie");
  if (setCookie) response.headers.append("Set-Cookie", setCookie);
  return response;
}
