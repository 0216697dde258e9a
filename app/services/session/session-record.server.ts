/**
 * The session's record at the user-profile service: opened at sign-in, ended
 * at sign-out, and asked on every request in between.
 *
 * A signed-in request counts only while its session is open at the
 * user-profile service (docs/decisions/019-sessions-end-upstream.md): the
 * cookie alone cannot say that it was signed out elsewhere, because a copy of
 * it looks the same. Sign-out ends the session there, so a copied cookie is
 * worthless even when the identity provider could not revoke its tokens.
 *
 * Checked on every request with a session, beside the page's loaders on a
 * GET and before anything else on other methods (check-beside.server.ts).
 * Sign-in and sign-out do without: they make and end the session.
 */
import type { MiddlewareFunction } from "react-router";
import { redirect } from "react-router";
import type { RequestArgs } from "#app/services/request/request-args.ts";
import { requestMetaContext } from "#app/services/request/request-context.server.ts";
import { UpstreamError } from "#app/services/upstream/upstream-error.server.ts";
import { checkNotMade } from "./check-not-made.server.ts";
import { answerIfCheckPasses } from "./check-beside.server.ts";
import { currentUser } from "./current-user.server.ts";
import { getI18n } from "#app/services/i18n/i18n.server.ts";
import { redirectWithPortalToast } from "#app/services/toasts/toast.server.ts";
import { sessionContext } from "./session.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";

/** Paths that start, complete or end a session, or serve nothing of the user's. */
const UNCHECKED = new Set(["/login", "/register", "/logout", "/version"]);

function checked(pathname: string): boolean {
  const path = pathname.replace(/\.data$/, "");
  return !UNCHECKED.has(path) && !path.startsWith("/locales/");
}

/** Resolves while the session is open; rejects with the redirect to sign-in once it is over, or the route error when the service fails. */
async function sessionStillOpen(args: RequestArgs): Promise<void> {
  const session = args.context.get(sessionContext);
  const sessionId = session.id;
  const open =
    sessionId !== undefined &&
    (await upstream(args)
      .userProfile.session(sessionId)
      .then(
        () => true,
        async (error: unknown) => {
          if (error instanceof UpstreamError && error.status === 404) return false;
          throw await checkNotMade(args, error);
        },
      ));
  if (open) return;
  args.context.get(requestMetaContext).log.info({ sessionId: sessionId ?? null }, "session ended elsewhere");
  session.signOut();
  if (args.request.method === "GET") session.rememberLastUrl(new URL(args.request.url));
  throw redirect("/login");
}

export const sessionRecordMiddleware: MiddlewareFunction<Response> = async (args, next) => {
  const session = args.context.get(sessionContext);
  if (!session.tokens || !session.user || !checked(new URL(args.request.url).pathname)) return next();
  // Renews an expiring token first: the check is made with the session's own, valid token.
  await currentUser(args);
  return answerIfCheckPasses(args.request, sessionStillOpen(args), next);
};

/** At sign-in, after the tokens are in the session: the session is opened upstream until its absolute lifetime ends. */
export async function startUserSession(args: RequestArgs): Promise<void> {
  const session = args.context.get(sessionContext);
  try {
    const { sessionId } = await upstream(args).userProfile.startSession(session.endsAt ?? new Date());
    session.setId(sessionId);
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    session.signOut();
    throw await redirectWithPortalToast("/", { type: "error", message: getI18n(args.context).t("auth.sessionStartFailed") });
  }
}

/**
 * How often sign-out tries to end the session, and the pauses between the
 * tries: a service that failed once (a restart, a dropped connection) is
 * given a second and a third chance within about a second, as the user waits.
 */
export const END_SESSION_PAUSES_MS = [200, 600] as const;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * At sign-out, before the cookie forgets the session: ends it upstream, so
 * that no instance honours a copy of the cookie any more. Ending is
 * idempotent, so a failure is tried again (END_SESSION_PAUSES_MS); true once
 * the session is over there (ended now, already gone, or its tokens already
 * refused), false when every try failed. A failure does not stop the sign-out.
 */
export async function endUserSession(args: RequestArgs): Promise<boolean> {
  const session = args.context.get(sessionContext);
  const sessionId = session.id;
  if (!sessionId || !session.tokens) return true;
  const log = args.context.get(requestMetaContext).log;
  for (let attempt = 0; ; attempt++) {
    try {
      await upstream(args).userProfile.endSession(sessionId);
      return true;
    } catch (error) {
      // A 401 or 403 here means the provider already ended the tokens: nothing is left to end.
      if (error instanceof Response) return true;
      // Already ended (by an earlier try whose answer was lost, or elsewhere).
      if (error instanceof UpstreamError && error.status === 404) return true;
      const next = END_SESSION_PAUSES_MS[attempt];
      if (next === undefined) {
        log.error({ err: error, sessionId, attempts: attempt + 1 }, "session not ended at the user-profile service");
        return false;
      }
      log.warn({ err: error, sessionId, attempt: attempt + 1 }, "session end failed, trying again");
      await pause(next);
    }
  }
}
