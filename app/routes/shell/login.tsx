import { OAuth2RequestError } from "remix-auth-oauth2";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { data, redirect } from "react-router";
import { authenticate, IdentityProviderUnavailable } from "#app/services/session/auth.server.ts";
import { clearedStateCookies } from "#app/services/session/oauth-state-cookie.server.ts";
import { secureCookies } from "#app/services/config/env.server.ts";
import { refreshUser } from "#app/services/session/current-user.server.ts";
import { startUserSession } from "#app/services/session/session-record.server.ts";
import { getI18n, getLocale, localeCookie } from "#app/services/i18n/i18n.server.ts";
import { requestMetaContext } from "#app/services/request/request-context.server.ts";
import { sessionContext } from "#app/services/session/session.server.ts";
import { redirectWithPortalToast } from "#app/services/toasts/toast.server.ts";
import type { Route } from "./+types/login";
import { routeComponent } from "#app/lib/route-component.ts";

/**
 * The OAuth callback. Without a code (no `state`): off to the identity
 * provider. With one: exchange it, load the user, return to the remembered
 * page. Every callback removes the pending sign-in's state cookie, so the
 * same callback URL cannot be used twice.
 */
export async function loader(args: Route.LoaderArgs) {
  const { request, context } = args;
  const session = context.get(sessionContext);
  const log = context.get(requestMetaContext).log;
  const t = getI18n(context).t;
  const headers = new Headers();
  for (const cookie of clearedStateCookies(request, secureCookies)) headers.append("Set-Cookie", cookie);

  let tokens;
  try {
    tokens = await authenticate(request, { uiLocale: getLocale(context) });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof IdentityProviderUnavailable) {
      log.error({ err: error }, "identity provider unavailable");
      throw data({ service: "identity-provider" }, { status: 503, headers });
    }
    log.warn({ err: error }, "token exchange failed");
    // A failed, replayed or foreign callback (a link to /login?error=…&state=… on
    // another site) leaves an existing session as it is: the signed-in user goes home.
    if (session.user) throw redirect("/default-redirect", { headers });
    const cancelled = error instanceof OAuth2RequestError && error.code === "access_denied";
    throw await redirectWithPortalToast("/", { type: "error", message: t(cancelled ? "auth.cancelled" : "auth.tokenExchangeFailed") }, { headers });
  }

  session.signIn(tokens);
  const [user] = await Promise.all([refreshUser(args), startUserSession(args)]);
  // The account's language wins at sign-in, so the choice follows the user to every browser.
  headers.append("Set-Cookie", await localeCookie.serialize(user.languageCode));
  throw redirect(session.takeLastUrl(), { headers });
}

function Login() {
  const { t } = useTranslation();
  return <p>{t("auth.redirecting")}</p>;
}

export default routeComponent(Login);
