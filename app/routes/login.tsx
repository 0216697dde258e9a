import { OAuth2RequestError } from "remix-auth-oauth2";
import { useTranslation } from "react-i18next";
import { data, redirect } from "react-router";
import { authenticate, IdentityProviderUnavailable } from "~/services/auth.server";
import { refreshUser } from "~/services/current-user.server";
import { getI18n } from "~/services/i18n.server";
import { requestMetaContext } from "~/services/request-context.server";
import { sessionContext } from "~/services/session.server";
import { redirectWithPortalToast } from "~/services/toast.server";
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
    tokens = await authenticate(request);
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
  await refreshUser(args);
  throw redirect(session.takeLastUrl());
}

export default function Login() {
  const { t } = useTranslation();
  return <p>{t("auth.redirecting")}</p>;
}
