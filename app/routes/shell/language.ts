import { redirect } from "react-router";
import { isSupportedLanguage } from "#app/lib/i18n/languages.ts";
import { safeReturnPath } from "#app/lib/safe-path.ts";
import { currentUser } from "#app/services/session/current-user.server.ts";
import { getI18n, localeCookie } from "#app/services/i18n/i18n.server.ts";
import { requestMetaContext } from "#app/services/request/request-context.server.ts";
import { sessionContext } from "#app/services/session/session.server.ts";
import { redirectWithPortalToast, upstreamErrorToast } from "#app/services/toasts/toast.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { UpstreamError } from "#app/services/upstream/upstream-error.server.ts";
import type { Route } from "./+types/language";

/** A failure shows the error page, not the error's data: a browser is sent here (see app/routes.ts). */
export { RouteErrorBoundary as ErrorBoundary } from "#app/components/shell/errors/error-page.tsx";

export function loader() {
  return redirect("/");
}

/** Sets the language cookie and, when signed in, the user's language upstream. */
export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const form = await request.formData();
  const language = form.get("language");
  const back = safeReturnPath(form.get("redirectTo")) ?? "/";
  if (!isSupportedLanguage(language)) return redirect(back);

  const headers = { "Set-Cookie": await localeCookie.serialize(language) };
  if (await currentUser(args)) {
    try {
      context.get(sessionContext).setUser(await upstream(args).userProfile.updateLanguage(language));
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      context.get(requestMetaContext).log.warn({ err: error }, "language not saved upstream");
      // The page still switches; the toast says the choice was not saved to the account.
      const t = getI18n(context).getFixedT(language);
      return redirectWithPortalToast(back, { ...upstreamErrorToast(error, t("errors.upstream")), title: t("language.notSaved") }, { headers });
    }
  }
  return redirect(back, { headers });
}
