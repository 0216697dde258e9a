/**
 * A file download is a link the browser follows in its own tab. When the
 * service behind the file fails, the browser is sent back to the page the
 * link was on with an error toast: what failed, that nothing was changed or
 * lost, and the service's facts (its message, errors, code and reference).
 * A file that is not there (a link from a page opened before the file was
 * deleted, an address typed or kept) sends it back the same way, saying so.
 * The page shows the toast without JavaScript too, and its link is the way to
 * try again; the file's own URL would only answer with the failure's data.
 *
 * Anyone else (a script asking for JSON, a command-line client) keeps the
 * failure as every loader has it (orRouteError): its facts as JSON, with the
 * status failureStatus gives it (404 not there, 502 the service failed, 503
 * not reached), so a failed download never ends as a page saved under the
 * file's name. For the same reason the links carry no `download` attribute:
 * Content-Disposition makes them downloads already, and with the attribute a
 * browser would save the page it is sent back to as the file, or show a
 * failed download and no page at all.
 */
import type { MiddlewareFunction } from "react-router";
import { getI18n } from "#app/services/i18n/i18n.server.ts";
import { safeReturnPath } from "#app/lib/safe-path.ts";
import type { UpstreamFactsData } from "#app/components/shell/errors/upstream-facts.tsx";
import { redirectWithPortalToast } from "#app/services/toasts/toast.server.ts";

/** The statuses of an upstream failure (orRouteError): answered with an error, not reached, timed out at a gateway. */
const UPSTREAM_FAILURES: ReadonlySet<number> = new Set([502, 503, 504]);

/** A browser opening the URL in its tab (a link followed), rather than a script fetching it: by Fetch Metadata, else by what it accepts. */
function isNavigation(request: Request): boolean {
  const destination = request.headers.get("Sec-Fetch-Dest");
  if (destination) return destination === "document";
  return /\btext\/html\b/.test(request.headers.get("Accept") ?? "");
}

/** The page the link was on: the same-origin page that sent the browser here, never the download itself. */
function pageTheLinkWasOn(request: Request): string | undefined {
  const referer = request.headers.get("Referer");
  if (!referer || !URL.canParse(referer)) return undefined;
  const from = new URL(referer);
  const here = new URL(request.url);
  if (from.origin !== here.origin || from.pathname === here.pathname) return undefined;
  return safeReturnPath(from.pathname + from.search);
}

async function factsOf(response: Response): Promise<UpstreamFactsData> {
  if (!/\bjson\b/.test(response.headers.get("Content-Type") ?? "")) return {};
  const facts: unknown = await response.json().catch(() => null);
  return typeof facts === "object" && facts !== null ? (facts as UpstreamFactsData) : {};
}

/**
 * Declared with a route that answers a file: `middleware = [downloadFailures({ page }), authorize(…)]`, so that a
 * failed access check's upstream call is covered too; a refusal or a redirect goes on as it was. `page` is where the
 * browser goes back to when it did not say where it came from (the page that offers the download).
 */
export function downloadFailures(options: { page: (url: URL) => string }): MiddlewareFunction<Response> {
  return async ({ request, context }, next) => {
    const response = await next();
    const method = request.method;
    const gone = response.status === 404;
    if ((method !== "GET" && method !== "HEAD") || !(gone || UPSTREAM_FAILURES.has(response.status)) || !isNavigation(request)) return response;
    const t = getI18n(context).t;
    const back = pageTheLinkWasOn(request) ?? options.page(new URL(request.url));
    if (gone) {
      await response.body?.cancel();
      return redirectWithPortalToast(back, { type: "error", message: t("errors.download.gone") }, { status: 303 });
    }
    const facts = await factsOf(response);
    const answered = response.status === 502;
    return redirectWithPortalToast(
      back,
      {
        type: "error",
        message: t(answered ? "errors.download.answered" : "errors.download.down"),
        // As on an error page: what the service said when it answered, never a connection's technical cause.
        description: answered ? (facts.message ?? undefined) : undefined,
        detail: facts.reference ?? undefined,
        errorCode: facts.errorCode ?? undefined,
        fieldErrors: facts.errors?.length ? facts.errors : undefined,
      },
      { status: 303 },
    );
  };
}
