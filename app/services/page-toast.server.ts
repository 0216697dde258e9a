/**
 * A toast for the page an action re-renders (a failed submission that keeps
 * the input). With JavaScript the action is a data request and the page's
 * loaders run in a second request: the toast travels in the flash cookie.
 * Without JavaScript the action and the loaders share one document request:
 * the toast is handed over in the request context, and the route's loader
 * returns it as `pageToast` (root.tsx shows it), so it is not shown twice.
 */
import { createContext, data, type RouterContextProvider } from "react-router";
import { dataWithToast } from "remix-toast";
import type { PortalToast } from "~/components/toasts/toast-message";
import { sanitizeToast } from "./toast-html.server";

const pageToastContext = createContext<PortalToast | null>(null);

type Args = { request: Request; context: Readonly<RouterContextProvider> };

function isDataRequest(request: Request): boolean {
  return new URL(request.url).pathname.endsWith(".data");
}

export async function dataWithPageToast<T>(args: Args, body: T, toast: PortalToast, status: number) {
  if (isDataRequest(args.request)) return dataWithToast(body, toast, { status });
  (args.context as RouterContextProvider).set(pageToastContext, toast);
  return data(body, { status });
}

/** The toast an action of this document request left for its page, sanitised. */
export function takePageToast(context: Readonly<RouterContextProvider>): PortalToast | null {
  const toast = context.get(pageToastContext);
  return toast ? sanitizeToast(toast) : null;
}
