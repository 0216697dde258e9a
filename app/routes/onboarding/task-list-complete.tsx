import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Link } from "react-router";
import { authorize } from "#app/services/session/authorize.server.ts";
import { getI18n } from "#app/services/i18n/i18n.server.ts";
import { setupEditable } from "#app/lib/setup-progress.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { orRouteError } from "#app/services/upstream/upstream-error.server.ts";
import type { Route } from "./+types/task-list-complete";
import { pageMessages, type MessagesHandle } from "#app/lib/i18n/page-messages.ts";
import { routeComponent } from "#app/lib/route-component.ts";

export const handle = { i18n: ["handOver", "onboarding"] } satisfies MessagesHandle;
export const clientMiddleware = [pageMessages(handle)];

export const middleware = [authorize({ rule: "sellerAdministrator" })];

export async function loader(args: Route.LoaderArgs) {
  const { state } = await orRouteError(upstream(args).onboarding.sellerState());
  return { submitted: !setupEditable(state), title: getI18n(args.context).t("handOver.complete.title") };
}

const NEXT = ["import", "activation", "live"] as const;

/** After Submit: what happens next, and when. */
function TaskListComplete({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (!loaderData.submitted) {
    return (
      <article className="task-list-page">
        <h1>{t("handOver.complete.notYet")}</h1>
        <p>
          <Link to="/overview">{t("handOver.complete.toTaskList")}</Link>
        </p>
      </article>
    );
  }
  return (
    <article className="task-list-page task-list-page--complete">
      <h1>{t("handOver.complete.title")}</h1>
      <p className="task-list-page__lead">{t("handOver.complete.lead")}</p>
      <ol className="task-list-page__next">
        {NEXT.map((step) => (
          <li key={step}>{t(`handOver.complete.steps.${step}`)}</li>
        ))}
      </ol>
      <p>
        <Link to="/overview">{t("handOver.complete.toTaskList")}</Link>
      </p>
    </article>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.title} · Seller Portal` : "Seller Portal" }];

export default routeComponent(TaskListComplete);
