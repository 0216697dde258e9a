/**
 * An access check that could not be made because its service failed or could
 * not be reached (is the session still open, does the seller's state allow
 * the page). The request is refused as the signed-in person's error page (the
 * root's data is not read when a middleware refuses), and a form post's
 * values go back with it to be sent again (unsaved-form.server.ts): the
 * action, which would keep them, never runs behind a failed check.
 */
import type { RequestArgs } from "#app/services/request/request-args.ts";
import { safeReturnPath } from "#app/lib/safe-path.ts";
import { getI18n } from "#app/services/i18n/i18n.server.ts";
import { pathRendersPage } from "#app/services/http/route-table.server.ts";
import { unsavedForm } from "#app/services/http/unsaved-form.server.ts";
import { redirectWithPortalToast } from "#app/services/toasts/toast.server.ts";
import { routeErrorOf, UpstreamError } from "#app/services/upstream/upstream-error.server.ts";

/** What to throw for a check whose call failed: anything but an upstream failure (a redirect to sign-in) as it is. */
export async function checkNotMade(args: RequestArgs, error: unknown): Promise<unknown> {
  if (!(error instanceof UpstreamError)) return error;
  const unsaved = await unsavedForm(args.request);
  // A form whose target has no page (the menu, the language, acting as a seller) goes back where it was posted from, saying so.
  if (unsaved && !(await pathRendersPage(new URL(args.request.url).pathname))) {
    const t = getI18n(args.context).t;
    const message = t(error.unreachable ? "errors.notChanged.down" : "errors.notChanged.answered");
    return redirectWithPortalToast(pageItWasPostedFrom(args.request), { type: "error", message, detail: error.reference }, { status: 303 });
  }
  return routeErrorOf(error, { signedIn: true, unsaved });
}

/** The same-origin page a form was posted from, or the landing page, which every signed-in user may open. */
function pageItWasPostedFrom(request: Request): string {
  const referer = request.headers.get("Referer");
  const from = referer && URL.canParse(referer) ? new URL(referer) : undefined;
  const here = new URL(request.url);
  if (!from || from.origin !== here.origin || from.pathname === here.pathname) return "/landing-page";
  return safeReturnPath(from.pathname + from.search) ?? "/landing-page";
}
