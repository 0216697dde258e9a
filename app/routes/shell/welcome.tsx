import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { data, redirect } from "react-router";
import { LanguageSwitcher } from "#app/components/shell/header/language-switcher.tsx";
import { Logo } from "#app/components/shell/header/logo.tsx";
import { useRootData } from "#app/lib/shell/root-data.ts";
import { currentUser } from "#app/services/session/current-user.server.ts";
import { takeSignedOutNotice } from "#app/services/session/sign-out-notice.server.ts";
import type { Route } from "./+types/welcome";
import { pageMessages, type MessagesHandle } from "#app/lib/i18n/page-messages.ts";
import { routeComponent } from "#app/lib/route-component.ts";

export const handle = { i18n: ["welcome"] } satisfies MessagesHandle;
export const clientMiddleware = [pageMessages(handle)];

/** Public. A signed-in user goes straight to their default page; one who just signed out is told so. */
export async function loader(args: Route.LoaderArgs) {
  if (await currentUser(args)) throw redirect("/default-redirect");
  const { signedOut, headers } = await takeSignedOutNotice(args.request);
  return data({ signedOut }, { headers });
}

function Welcome({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useRootData()?.locale ?? "en";
  return (
    <div className="welcome">
      <div className="welcome__language">
        <LanguageSwitcher current={locale} />
      </div>
      <Logo />
      {loaderData.signedOut === "confirmed" ? (
        <p className="notice welcome__signed-out" role="status">
          {t("auth.signedOut")}
        </p>
      ) : null}
      {loaderData.signedOut === "unconfirmed" ? (
        <p className="notice notice--error welcome__signed-out" role="alert">
          {t("auth.signOutUnconfirmed")}
        </p>
      ) : null}
      <h1>{t("welcome.title")}</h1>
      <p className="welcome__lead">{t("welcome.lead")}</p>
      <ul className="welcome__points">
        <li>{t("welcome.points.setup")}</li>
        <li>{t("welcome.points.catalogue")}</li>
        <li>{t("welcome.points.insights")}</li>
      </ul>
      <div className="welcome__actions">
        {/* Plain links: each starts a flow at the identity provider. */}
        <a className="button button--primary" href="/login">
          {t("auth.signIn")}
        </a>
        <a className="button button--secondary" href="/register">
          {t("auth.register")}
        </a>
      </div>
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Seller Portal" }];

export default routeComponent(Welcome);
