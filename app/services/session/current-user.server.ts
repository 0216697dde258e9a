/**
 * The signed-in user of a request: renews an expiring access token with the
 * refresh token and refreshes the user from /me/user at most every 5 minutes.
 */
import type { CurrentUser } from "#contract/upstream.ts";
import { redirect } from "react-router";
import { IdentityProviderUnavailable, renewTokens } from "./auth.server.ts";
import { checkNotMade } from "./check-not-made.server.ts";
import { getI18n } from "#app/services/i18n/i18n.server.ts";
import { requestMetaContext } from "#app/services/request/request-context.server.ts";
import { sessionContext, type PortalSession } from "./session.server.ts";
import { redirectWithPortalToast } from "#app/services/toasts/toast.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { UpstreamError } from "#app/services/upstream/upstream-error.server.ts";
import type { RequestArgs } from "#app/services/request/request-args.ts";
import { env } from "#app/services/config/env.server.ts";
import { requiresSecondFactor, signedInWithSecondFactor } from "#app/lib/session/second-factor.ts";

const USER_MAX_AGE_MS = 5 * 60 * 1000;
/** Renew a little before the provider's expiry so a request never starts with a dying token. */
const RENEWAL_MARGIN_MS = 30 * 1000;

async function signOutWithToast(session: PortalSession, args: RequestArgs, key: string): Promise<Response> {
  session.signOut();
  return redirectWithPortalToast("/", { type: "error", message: getI18n(args.context).t(key) });
}

/** The user, or undefined without a session. Throws a redirect when the session cannot go on. */
export async function currentUser(args: RequestArgs): Promise<CurrentUser | undefined> {
  const session = args.context.get(sessionContext);
  const { tokens, user } = session;
  if (!tokens || !user) return undefined;

  if (tokens.expiresAt - RENEWAL_MARGIN_MS <= Date.now()) {
    try {
      session.setTokens(await renewTokens(tokens));
    } catch (error) {
      args.context.get(requestMetaContext).log.warn({ err: error }, "access token renewal failed");
      // A provider that cannot be asked refused nothing: the session waits for it, and a form's values go back.
      if (error instanceof IdentityProviderUnavailable) throw await checkNotMade(args, new UpstreamError(PROVIDER_UNREACHABLE));
      throw await signOutWithToast(session, args, "auth.codeMissing");
    }
  }

  if (Date.now() - session.userFetchedAt > USER_MAX_AGE_MS) {
    try {
      session.setUser(await upstream(args).userProfile.currentUser());
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      // Kept fresh, not needed fresh: a service that fails or cannot be reached leaves the user as last read.
      if (!error.unreachable && error.status < 500) throw await signOutWithToast(session, args, "auth.userFetchFailed");
    }
  }
  return session.user;
}

const PROVIDER_UNREACHABLE = {
  service: "identity-provider",
  method: "POST",
  path: "/token",
  status: 0,
  body: { errorCode: "UPSTREAM_UNREACHABLE" },
};

/** Reloads the user from /me/user (after acting as a seller starts or ends, a language change, or when stale). */
export async function refreshUser(args: RequestArgs): Promise<CurrentUser> {
  const session = args.context.get(sessionContext);
  try {
    const user = await upstream(args).userProfile.currentUser();
    session.setUser(user);
    return user;
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    throw await signOutWithToast(session, args, "auth.userFetchFailed");
  }
}

/** The page a session without its required second factor reaches (besides sign-out). */
export const SECOND_FACTOR_PAGE = "/security/second-factor";

/** Whether this session's role needs a second factor its sign-in did not use (REQUIRE_SECOND_FACTOR_ROLES, the id token's amr). */
export function secondFactorMissing(args: RequestArgs, user: CurrentUser): boolean {
  return secondFactorState(args, user) === "required";
}

/**
 * The session's second factor: `done` (its sign-in used one), `required` (its role needs one, so nothing else opens
 * until it is set up), `optional` (its role does not need one; the user may set one up all the same).
 */
export function secondFactorState(args: RequestArgs, user: CurrentUser): "done" | "required" | "optional" {
  const tokens = args.context.get(sessionContext).tokens;
  if (signedInWithSecondFactor(tokens?.amr)) return "done";
  return requiresSecondFactor(user.role, env().REQUIRE_SECOND_FACTOR_ROLES) ? "required" : "optional";
}

/**
 * The user; without a session, remembers the page (GET) and goes to sign-in. A session whose role needs a second
 * factor its sign-in did not use reaches nothing but the enrolment page (`withoutSecondFactor` for that page alone).
 */
export async function requireUser(args: RequestArgs, options: { withoutSecondFactor?: boolean } = {}): Promise<CurrentUser> {
  const user = await currentUser(args);
  if (user && !options.withoutSecondFactor && secondFactorMissing(args, user)) {
    args.context.get(requestMetaContext).log.info({ kind: "authorization", role: user.role }, "second factor required");
    throw redirect(SECOND_FACTOR_PAGE);
  }
  if (user) return user;
  if (args.request.method === "GET") args.context.get(sessionContext).rememberLastUrl(new URL(args.request.url));
  throw redirect("/login");
}
