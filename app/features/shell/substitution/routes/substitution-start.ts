import { redirect } from "react-router";
import { z } from "zod";
import { safeReturnPath } from "~/shared/safe-path";
import { authorize } from "~/features/shell/authorize.server";
import { refreshUser, requireUser } from "~/features/shell/current-user.server";
import { getI18n } from "~/shared/i18n/i18n.server";
import { requestMetaContext } from "~/shared/request-context.server";
import { sessionContext } from "~/features/shell/session.server";
import { redirectWithPortalToast, upstreamErrorToast } from "~/features/shell/toasts/toast.server";
import { upstream } from "~/features/shell/upstream.server";
import { UpstreamError } from "~/shared/upstream/upstream-error.server";
import type { Route } from "./+types/substitution-start";

/** A failure shows the error page, not the error's data: a browser is sent here (see app/routes.ts). */
export { RouteErrorBoundary as ErrorBoundary } from "~/features/shell/errors/error-page";

const SubstitutionForm = z.object({
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
  const form = SubstitutionForm.safeParse(Object.fromEntries(await request.formData()));
  const back = safeReturnPath(form.data?.returnTo) ?? "/default-redirect";
  const t = getI18n(context).t;
  if (!form.success) return redirectWithPortalToast(back, { type: "error", message: t("staff.substitution.invalid") });
  const { userProfileId, sellerId } = form.data;
  const log = context.get(requestMetaContext).log;
  try {
    const seller = await upstream(args).userProfile.substituteIntoSellerUser(userProfileId);
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
      message: t("staff.substitution.failed", { id: sellerId }),
      description: error.body.message,
    });
  }
}
