import { OAuth2RequestError } from "remix-auth-oauth2";
import { useTranslation } from "react-i18next";
import { data, redirect } from "react-router";
import { authenticate, IdentityProviderUnavailable } from "~/features/shell/auth.server";
import { refreshUser } from "~/features/shell/current-user.server";
import { getI18n, getLocale, localeCookie } from "~/shared/i18n/i18n.server";
import { requestMetaContext } from "~/shared/request-context.server";
import { sessionContext } from "~/features/shell/session.server";
import { redirectWithPortalToast } from "~/features/shell/toasts/toast.server";
import type { Route } from "./+types/login";

/**
 * The OAuth callback. Without a code (no `state`): off to the identity
 * provider. With one: exchange it, load the user, return to the remembered page.
 */
export async function loader(args: Route.LoaderArgs) {
  const { request, context } = args;
  const session = context.get(sessionContext);
  const log = context.get(requestMetaContext).log;
  const t = getI18n(context).t;

  let tokens;
  try {
    tokens = await authenticate(request, { uiLocale: getLocale(context) });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof IdentityProviderUnavailable) {
      log.error({ err: error }, "identity provider unavailable");
      throw data({ service: "identity-provider" }, { status: 503 });
    }
    log.warn({ err: error }, "token exchange failed");
    // A failed or foreign callback (a link to /login?error=…&state=… on another
    // site) leaves an existing session as it is: the signed-in user goes home.
    if (session.user) throw redirect("/default-redirect");
    const cancelled = error instanceof OAuth2RequestError && error.code === "access_denied";
    throw await redirectWithPortalToast("/", { type: "error", message: t(cancelled ? "auth.cancelled" : "auth.tokenExchangeFailed") });
  }

  session.signIn(tokens);
  const user = await refreshUser(args);
  // The account's language wins at sign-in, so the choice follows the user to every browser.
  throw redirect(session.takeLastUrl(), { headers: { "Set-Cookie": await localeCookie.serialize(user.languageCode) } });
}

export default function Login() {
  const { t } = useTranslation();
  return <p>{t("auth.redirecting")}</p>;
}
