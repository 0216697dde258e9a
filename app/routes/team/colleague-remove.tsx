import { Form, Link, useNavigation } from "react-router";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { isUpstreamId } from "#app/lib/upstream-id.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { removeAction, removeLoader } from "#app/services/team/colleagues.server.ts";
import type { Route } from "./+types/colleague-remove";
import { pageMessages, type MessagesHandle } from "#app/lib/i18n/page-messages.ts";

export const handle = { i18n: ["team"] } satisfies MessagesHandle;
export const clientMiddleware = [pageMessages(handle)];
import "#app/components/team/team.css";
import { routeComponent } from "#app/lib/route-component.ts";

/** The confirmation of a removal, naming the person: a page of its own, so it needs no script. A malformed id is no page. */
export const middleware = [authorize({ rule: "sellerAdministrator", validate: ({ params }) => isUpstreamId(params.userId) })];

export async function loader(args: Route.LoaderArgs) {
  return removeLoader(args);
}

export async function action(args: Route.ActionArgs) {
  return removeAction(args);
}

function RemoveColleague({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { colleague } = loaderData;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const role = t(`team.roles.${colleague.role}`);
  return (
    <div className="team-page">
      <h1>{t("team.remove.title", { email: colleague.email })}</h1>
      <p>{t("team.remove.lead", { email: colleague.email, role })}</p>
      {colleague.offers.remove ? (
        <Form method="post" className="team-remove__actions">
          <button type="submit" className="button button--danger" disabled={submitting} aria-busy={submitting || undefined}>
            {t("team.remove.submit", { email: colleague.email })}
          </button>
          <Link to="/team">{t("team.remove.cancel")}</Link>
        </Form>
      ) : (
        <>
          <p className="notice" role="status">
            {t(colleague.offers.lastAdministrator ? "team.refused.LAST_ADMINISTRATOR" : "team.refused.OWN_ACCOUNT")}
          </p>
          <p>
            <Link to="/team">{t("team.remove.cancel")}</Link>
          </p>
        </>
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Colleagues"} · Seller Portal` }];

export default routeComponent(RemoveColleague);
