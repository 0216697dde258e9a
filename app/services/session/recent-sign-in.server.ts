/**
 * Recent sign-in for what matters (issue 36): changing the bank account, handing over, removing a colleague and
 * acting as a seller go on only when the user signed in (with the second factor, where the role needs one) at most
 * 10 minutes ago. Otherwise the form's values are kept in the shared store (on the server, never in a cookie), the
 * browser goes through a fresh sign-in at the provider (prompt=login, max_age: see auth.server.ts) and comes back to
 * the same form, filled in as it was.
 *
 * When the session's own note of the sign-in says it is recent, the provider is asked once more (a token renewal,
 * whose id token carries the provider's auth_time and amr): the provider, not the cookie, has the last word.
 */
import { randomBytes } from "node:crypto";
import { redirect } from "react-router";
import { z } from "zod";
import { requiresSecondFactor, signInRecentEnough } from "#app/lib/session/second-factor.ts";
import { safeReturnPath } from "#app/lib/safe-path.ts";
import { pageAddress } from "#app/lib/page-address.ts";
import { env } from "#app/services/config/env.server.ts";
import { requestMetaContext } from "#app/services/request/request-context.server.ts";
import type { RequestArgs } from "#app/services/request/request-args.ts";
import { sharedStore } from "#app/services/shared-store/shared-store.server.ts";
import { UpstreamError } from "#app/services/upstream/upstream-error.server.ts";
import { IdentityProviderUnavailable, renewTokens } from "./auth.server.ts";
import { checkNotMade } from "./check-not-made.server.ts";
import { requireUser } from "./current-user.server.ts";
import { sessionContext } from "./session.server.ts";

/** How long a form waits for its user to sign in again. */
export const KEPT_FORM_TTL_SECONDS = 15 * 60;
/** The query parameter that names a kept form on the way back. */
export const KEPT_PARAM = "kept";

const KeptForm = z.object({ userId: z.string(), path: z.string(), fields: z.record(z.string(), z.string()) });
const KEPT_ID = /^[A-Za-z0-9_-]{22}$/;

const keyOf = (id: string) => `kept-form:${id}`;

/** The page's address (a client-side request's `.data` URL names the same page) without the kept form's own parameter. */
function pathWithout(url: URL): string {
  const copy = new URL(url);
  copy.searchParams.delete(KEPT_PARAM);
  return pageAddress(copy);
}

const pagePathOf = (url: URL) => url.pathname.replace(/\.data$/, "") || "/";

/** The text fields of a form (files are not kept: they are chosen again). */
export function textFields(formData: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of formData) if (typeof value === "string" && name.length <= 100) fields[name] = value.slice(0, 10_000);
  return fields;
}

/** Whether the session's sign-in is recent enough, asking the provider when the session thinks so. */
async function recentAtProvider(args: RequestArgs, needsSecondFactor: boolean): Promise<boolean> {
  const session = args.context.get(sessionContext);
  const tokens = session.tokens;
  const now = Date.now();
  if (!tokens || !signInRecentEnough({ authTime: tokens.authTime, amr: tokens.amr, needsSecondFactor, nowMs: now })) return false;
  try {
    const renewed = await renewTokens(tokens);
    session.setTokens(renewed);
    return signInRecentEnough({ authTime: renewed.authTime, amr: renewed.amr, needsSecondFactor, nowMs: now });
  } catch (error) {
    // A provider that cannot be asked refused nothing: nothing is done, and the page says so.
    if (error instanceof IdentityProviderUnavailable) {
      throw await checkNotMade(
        args,
        new UpstreamError({ service: "identity-provider", method: "POST", path: "/token", status: 0, body: { errorCode: "UPSTREAM_UNREACHABLE" } }),
      );
    }
    args.context.get(requestMetaContext).log.warn({ err: error }, "renewal before a change that matters refused: a fresh sign-in");
    return false;
  }
}

/**
 * Resolves when the change may go on; otherwise keeps `fields` for the page the request came from and throws the
 * redirect to a fresh sign-in, which comes back to that page with `?kept=<id>`.
 */
export async function requireRecentSignIn(args: RequestArgs, options: { fields?: Record<string, string>; returnTo?: string } = {}): Promise<void> {
  const user = await requireUser(args);
  const needsSecondFactor = requiresSecondFactor(user.role, env().REQUIRE_SECOND_FACTOR_ROLES);
  if (await recentAtProvider(args, needsSecondFactor)) return;
  const url = new URL(args.request.url);
  // Back to the form's own page, or to the page the button was on (a form posted to a resource route).
  const back = new URL(safeReturnPath(options.returnTo) ?? safeReturnPath(pathWithout(url)) ?? "/default-redirect", url);
  if (options.fields && Object.keys(options.fields).length > 0) {
    const id = randomBytes(16).toString("base64url");
    await sharedStore().set(keyOf(id), JSON.stringify({ userId: user.id, path: back.pathname, fields: options.fields }), KEPT_FORM_TTL_SECONDS);
    back.searchParams.set(KEPT_PARAM, id);
  }
  const session = args.context.get(sessionContext);
  session.rememberLastUrl(back);
  args.context.get(requestMetaContext).log.info({ kind: "recent-sign-in", path: url.pathname }, "fresh sign-in asked before a change that matters");
  throw redirect("/login", { status: 303 });
}

/**
 * The values a form kept over a fresh sign-in, for its page's loader: only for the same user and the same page;
 * undefined when none (or expired: `expired` true when the URL names one that is gone).
 */
export async function keptForm(args: RequestArgs): Promise<{ fields?: Record<string, string>; expired: boolean }> {
  const url = new URL(args.request.url);
  const id = url.searchParams.get(KEPT_PARAM);
  if (id === null) return { expired: false };
  if (!KEPT_ID.test(id)) return { expired: true };
  const user = await requireUser(args);
  const stored = await sharedStore().get(keyOf(id));
  const parsed = stored ? KeptForm.safeParse(JSON.parse(stored)) : undefined;
  if (!parsed?.success || parsed.data.userId !== user.id || parsed.data.path !== pagePathOf(url)) return { expired: true };
  return { fields: parsed.data.fields, expired: false };
}
