import { redirect } from "react-router";
import { isSupportedLanguage } from "~/shared/i18n/languages";
import { safeReturnPath } from "~/shared/safe-path";
import { currentUser } from "~/features/shell/current-user.server";
import { getI18n, localeCookie } from "~/shared/i18n/i18n.server";
import { requestMetaContext } from "~/shared/request-context.server";
import { sessionContext } from "~/features/shell/session.server";
import { redirectWithPortalToast, upstreamErrorToast } from "~/features/shell/toasts/toast.server";
import { upstream } from "~/features/shell/upstream.server";
import { UpstreamError } from "~/shared/upstream/upstream-error.server";
import type { Route } from "./+types/language";

/** A failure shows the error page, not the error's data: a browser is sent here (see app/routes.ts). */
export { RouteErrorBoundary as ErrorBoundary } from "~/features/shell/errors/error-page";

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
