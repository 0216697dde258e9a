/**
 * Staff resetting a lost second factor (contract/second-factor.ts) on the server: a seller's users with their second
 * factor (`/sellers/:sellerId/users`), and one account's review and confirmation (`/second-factor-reset?email=`),
 * which names the person and says what the reset does. The reset cannot be undone: it asks a recent sign-in first,
 * is checked here as the service checks it (role, own account, staff accounts, a factor to reset) before any upstream
 * call, and names the address the review showed, so the service resets the person the staff member confirmed.
 */
import { secondFactorErrorCodes, type SecondFactorAccount } from "#contract/second-factor.ts";
import { data } from "react-router";
import { z } from "zod";
import { resetOffer, resetPath, SECOND_FACTOR_RESET_PATH, type ResetOffer } from "#app/lib/staff/second-factor-reset.ts";
import { getI18n } from "#app/services/i18n/i18n.server.ts";
import type { RequestArgs } from "#app/services/request/request-args.ts";
import { requestMetaContext } from "#app/services/request/request-context.server.ts";
import { requireUser } from "#app/services/session/current-user.server.ts";
import { requireRecentSignIn } from "#app/services/session/recent-sign-in.server.ts";
import { dataWithPortalToast, redirectWithPortalToast, upstreamErrorToast } from "#app/services/toasts/toast.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { failureStatus, orRouteError, UpstreamError } from "#app/services/upstream/upstream-error.server.ts";

// The forms' schemas are the server's alone: the page checks nothing in the browser (the lookup is a GET form).
/** The lookup's address: one e-mail address (what the provider's accounts are named by). */
export const ResetLookup = z.object({ email: z.string().trim().toLowerCase().pipe(z.email().max(254)) });

/** The confirmation's form: the account and the address the review showed. */
export const ResetConfirmation = z.object({
  userId: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]{0,199}$/),
  email: z.string().trim().toLowerCase().pipe(z.email().max(254)),
});

export type AccountRow = SecondFactorAccount & { offer: ResetOffer };

export type SellerUsersData = { title: string; sellerId: string; sellerName: string | null; accounts: AccountRow[] };

/** The seller's users, each with their second factor and what the viewing staff member may do. An unknown seller: 404. */
export async function sellerUsersLoader(args: RequestArgs, sellerId: string): Promise<SellerUsersData> {
  const [user, answer] = await Promise.all([
    requireUser(args),
    orRouteError(
      upstream(args)
        .userProfile.secondFactors({ sellerId })
        .catch((error: unknown) => {
          if (error instanceof UpstreamError && error.status === 404) throw data({ message: "Page Not Found" }, { status: 404 });
          throw error;
        }),
    ),
  ]);
  const accounts = answer.accounts.map((account) => ({ ...account, offer: resetOffer(user, account) }));
  return { title: getI18n(args.context).t("secondFactorReset.users.title"), sellerId, sellerName: accounts[0]?.sellerName ?? null, accounts };
}

export type ResetPageData = {
  title: string;
  /** What was looked up: the address typed (kept in the form), and whether it is a valid one. */
  lookup: { email: string; invalid: boolean };
  /** The account found, with what may be done; null when nothing was looked up or nothing found (`notFound`). */
  account: AccountRow | null;
  notFound: boolean;
};

export async function resetPageLoader(args: RequestArgs): Promise<ResetPageData> {
  const t = getI18n(args.context).t;
  const title = t("secondFactorReset.title");
  const typed = new URL(args.request.url).searchParams.get("email");
  if (typed === null || typed.trim() === "") return { title, lookup: { email: "", invalid: false }, account: null, notFound: false };
  const parsed = ResetLookup.safeParse({ email: typed });
  if (!parsed.success) return { title, lookup: { email: typed.slice(0, 254), invalid: true }, account: null, notFound: false };
  const [user, answer] = await Promise.all([requireUser(args), orRouteError(upstream(args).userProfile.secondFactors({ email: parsed.data.email }))]);
  const found = answer.accounts[0];
  return {
    title: found ? t("secondFactorReset.reviewTitle", { email: found.email }) : title,
    lookup: { email: parsed.data.email, invalid: false },
    account: found ? { ...found, offer: resetOffer(user, found) } : null,
    notFound: !found,
  };
}

/** The refusal the service explains by its code, in the page's words; else the service's own. */
function refusalToast(args: RequestArgs, error: UpstreamError) {
  const t = getI18n(args.context).t;
  const code = error.body.errorCode;
  const known = Object.entries(secondFactorErrorCodes).find(([, candidate]) => candidate === code)?.[0];
  const toast = upstreamErrorToast(error, t("secondFactorReset.failed"));
  return known ? { ...toast, message: t(`secondFactorReset.refused.${known}`) } : toast;
}

/**
 * Resets the factor of the account the form names, after a recent sign-in. The account is read again first: the
 * reset goes on only for an account this staff member may reset, at the address the review showed.
 */
export async function resetAction(args: RequestArgs) {
  const user = await requireUser(args);
  const t = getI18n(args.context).t;
  const parsed = ResetConfirmation.safeParse(Object.fromEntries(await args.request.formData()));
  if (!parsed.success) throw data({ message: null }, { status: 400 });
  const { userId, email } = parsed.data;
  const back = resetPath(email);
  // Irreversible, and a way into someone's account: a sign-in older than 10 minutes is made again, back to this review.
  await requireRecentSignIn(args, { returnTo: back });
  const api = upstream(args).userProfile;
  try {
    const account = (await api.secondFactors({ email })).accounts.find((candidate) => candidate.userId === userId);
    if (!account) return dataWithPortalToast(args, null, { type: "error", message: t("secondFactorReset.refused.accountChanged") }, { status: 409 });
    const offer = resetOffer(user, account);
    if (!offer.reset) {
      args.context.get(requestMetaContext).log.warn({ kind: "authorization", why: offer.why }, "second factor reset refused");
      return dataWithPortalToast(args, null, { type: "error", message: t(`secondFactorReset.refused.${offer.why}`) }, { status: 403 });
    }
    const reset = await api.resetSecondFactor(account.userId, account.email);
    args.context.get(requestMetaContext).log.info({ audit: "second-factor-reset", userId: reset.userId }, "second factor reset");
    return redirectWithPortalToast(back, { type: "success", message: t("secondFactorReset.done", { email: reset.userEmail }) }, { status: 303 });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return dataWithPortalToast(args, null, refusalToast(args, error), { status: failureStatus(error) });
  }
}

export { SECOND_FACTOR_RESET_PATH };
