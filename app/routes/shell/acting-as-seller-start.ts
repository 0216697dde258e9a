import { redirect } from "react-router";
import { z } from "zod";
import { safeReturnPath } from "#app/lib/safe-path.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { refreshUser, requireUser } from "#app/services/session/current-user.server.ts";
import { getI18n } from "#app/services/i18n/i18n.server.ts";
import { requestMetaContext } from "#app/services/request/request-context.server.ts";
import { sessionContext } from "#app/services/session/session.server.ts";
import { requireRecentSignIn } from "#app/services/session/recent-sign-in.server.ts";
import { redirectWithPortalToast, upstreamErrorToast } from "#app/services/toasts/toast.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { UpstreamError } from "#app/services/upstream/upstream-error.server.ts";
import type { Route } from "./+types/acting-as-seller-start";

/** A failure shows the error page, not the error's data: a browser is sent here (see app/routes.ts). */
export { RouteErrorBoundary as ErrorBoundary } from "#app/components/shell/errors/error-page.tsx";

const ActingAsSellerForm = z.object({
  userProfileId: z.string().trim().min(1).max(200),
  sellerId: z.string().trim().min(1).max(200),
  returnTo: z.string().optional(),
});

export const middleware = [authorize({ rule: "actAsSeller" })];

export function loader() {
  return redirect("/default-redirect");
}

/**
 * Starts acting as a seller: the user-profile service switches the staff
 * member into the seller's administrator, the session's user is reloaded and
 * the staff member lands on the seller's default page. On failure the user
 * is reloaded (the upstream may have half-switched) and the list shows why.
 */
export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const staff = await requireUser(args);
  const form = ActingAsSellerForm.safeParse(Object.fromEntries(await request.formData()));
  const back = safeReturnPath(form.data?.returnTo) ?? "/default-redirect";
  const t = getI18n(context).t;
  if (!form.success) return redirectWithPortalToast(back, { type: "error", message: t("staff.actingAsSeller.invalid") });
  const { userProfileId, sellerId } = form.data;
  // Acting as a seller matters: a sign-in older than 10 minutes is made again first, back to the page of the button.
  await requireRecentSignIn(args, { returnTo: back });
  const log = context.get(requestMetaContext).log;
  try {
    const seller = await upstream(args).userProfile.startActingAsSeller(userProfileId);
    context.get(sessionContext).setUser(seller);
    log.info(
      {
        audit: "substitution-start",
        staffUserId: staff.id,
        staffEmail: staff.email,
        staffRole: staff.role,
        sellerId: seller.sellerId,
        sellerName: seller.substitutedSellerName ?? null,
        sellerUserProfileId: userProfileId,
        at: new Date().toISOString(),
      },
      "substitution started",
    );
    return redirect("/default-redirect");
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    log.error({ err: error, staffUserId: staff.id, sellerId }, "substitution failed");
    await refreshUser(args);
    // The named message first; what the service said goes along as the description.
    return redirectWithPortalToast(back, {
      ...upstreamErrorToast(error, ""),
      message: t("staff.actingAsSeller.failed", { id: sellerId }),
      description: error.body.message,
    });
  }
}
