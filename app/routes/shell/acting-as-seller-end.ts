import { setTimeout as sleep } from "node:timers/promises";
import { redirect } from "react-router";
import { endSessionUrl, revokeTokens } from "#app/services/session/auth.server.ts";
import { refreshUser, requireUser } from "#app/services/session/current-user.server.ts";
import { getI18n } from "#app/services/i18n/i18n.server.ts";
import { requestMetaContext } from "#app/services/request/request-context.server.ts";
import { sessionContext } from "#app/services/session/session.server.ts";
import { redirectWithPortalToast } from "#app/services/toasts/toast.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { UpstreamError } from "#app/services/upstream/upstream-error.server.ts";
import { safeReturnPath } from "#app/lib/safe-path.ts";
import type { Route } from "./+types/acting-as-seller-end";

/** A failure shows the error page, not the error's data: a browser is sent here (see app/routes.ts). */
export { RouteErrorBoundary as ErrorBoundary } from "#app/components/shell/errors/error-page.tsx";

/** Lets the upstream finish what the seller view may still be writing before the role flips back. */
const REMOVAL_DELAY_MS = 500;

export function loader() {
  return redirect("/default-redirect");
}

/**
 * Ends acting as a seller: back to the staff member's own default page, or to
 * the staff page they asked for while still acting as the seller (`returnTo`); on
 * failure, signed out.
 */
export async function action(args: Route.ActionArgs) {
  const user = await requireUser(args);
  const next = safeReturnPath((await args.request.formData()).get("returnTo")) ?? "/default-redirect";
  if (!user.substitutionMode) return redirect(next);
  const { context } = args;
  const log = context.get(requestMetaContext).log;
  await sleep(REMOVAL_DELAY_MS);
  try {
    await upstream(args).userProfile.endActingAsSeller();
    log.info({ audit: "substitution-end", staffUserId: user.id, sellerId: user.sellerId }, "substitution ended");
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    const session = context.get(sessionContext);
    const tokens = session.tokens;
    session.signOut();
    log.error({ err: error }, "removing the substitution failed");
    if (tokens) await revokeTokens(tokens, log);
    return redirectWithPortalToast((await endSessionUrl(tokens?.idToken)) ?? "/", {
      type: "error",
      message: getI18n(context).t("actingAsSeller.removeFailed"),
    });
  }
  await refreshUser(args);
  return redirect(next);
}
