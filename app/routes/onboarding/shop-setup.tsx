import { stepNames, type StepName } from "#contract/onboarding-step-names.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Link, Outlet, useMatches } from "react-router";
import { StatusTag } from "#app/components/ui/status-tag.tsx";
import { readOnlyReason, stepPath, type ReadOnlyReason } from "#app/lib/onboarding/step-navigation.ts";
import { requireUser } from "#app/services/session/current-user.server.ts";
import { sellerState } from "#app/services/session/seller-state.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { orRouteError } from "#app/services/upstream/upstream-error.server.ts";
import { useRootData } from "#app/lib/shell/root-data.ts";
import { keepPageOnOutage } from "#app/lib/unsaved-form.ts";
import type { Route } from "./+types/shop-setup";
import { pageMessages, type MessagesHandle } from "#app/lib/i18n/page-messages.ts";
import { routeComponent } from "#app/lib/route-component.ts";

export const handle = { i18n: ["onboarding"] } satisfies MessagesHandle;
export const clientMiddleware = [pageMessages(handle)];

// No middleware of its own: every child route (the index and the eight steps) declares the access rule,
// and a child always matches with this layout.

export async function loader(args: Route.LoaderArgs) {
  const client = upstream(args).onboarding;
  // The state is the one the access check fetched for this request (one upstream call for both).
  const [user, progress, { state }] = await Promise.all([requireUser(args), orRouteError(client.progress()), orRouteError(sellerState(args))]);
  const readOnly = Object.fromEntries(stepNames.map((step) => [step, readOnlyReason(step, state, user)])) as Record<StepName, ReadOnlyReason>;
  return { steps: progress.steps, readOnly };
}

export const shouldRevalidate = keepPageOnOutage;

/**
 * The shop setup as an accordion that needs no JavaScript: every step is a
 * heading with its status, the open one (the page's step) holds its form,
 * and the others are links that open them.
 */
function ShopSetup({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const matches = useMatches();
  const current = stepNames.find((step) => matches.some((match) => match.pathname === stepPath(step)));
  const { steps, readOnly } = loaderData;
  const done = steps.filter((entry) => entry.status === "COMPLETE").length;
  const index = current ? stepNames.indexOf(current) : -1;
  const previous = index > 0 ? stepNames[index - 1] : undefined;
  const next = index >= 0 && index < stepNames.length - 1 ? stepNames[index + 1] : undefined;
  const reason = current ? readOnly[current] : null;
  const help = useRootData()?.footer.help;
  return (
    <div className="shop-setup">
      <p className="shop-setup__back">
        <Link to="/overview">{t("onboarding.backToTaskList")}</Link>
      </p>
      <h1>{t("onboarding.setup.title")}</h1>
      <p className="shop-setup__progress">{t("onboarding.setup.progress", { done, total: steps.length })}</p>
      {reason ? (
        <p className="notice notice--read-only" role="status">
          {t(`onboarding.readOnly.${reason}`)} {help ? <a href={help}>{t("onboarding.readOnly.help")}</a> : null}
        </p>
      ) : null}
      <ol className="setup-steps">
        {steps.map(({ step, status }, position) => {
          const open = step === current;
          return (
            <li key={step} className={open ? "setup-steps__item setup-steps__item--open" : "setup-steps__item"}>
              <h2 className="setup-steps__heading">
                <Link to={stepPath(step)} aria-current={open ? "step" : undefined} className="setup-steps__link">
                  <span className="setup-steps__number" aria-hidden="true">
                    {position + 1}
                  </span>
                  <span className="setup-steps__title">{t(`onboarding.steps.${step}.title`)}</span>
                  <StatusTag status={status} />
                </Link>
              </h2>
              {open ? (
                <div className="setup-steps__panel">
                  <p className="setup-steps__intro">{t(`onboarding.steps.${step}.intro`)}</p>
                  <Outlet />
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>
      <nav className="step-pager" aria-label={t("onboarding.pager.label")}>
        {previous ? (
          <Link to={stepPath(previous)} rel="prev" className="step-pager__previous">
            {t("onboarding.pager.previous", { step: t(`onboarding.steps.${previous}.title`) })}
          </Link>
        ) : (
          <span />
        )}
        {next ? (
          <Link to={stepPath(next)} rel="next" className="step-pager__next">
            {t("onboarding.pager.next", { step: t(`onboarding.steps.${next}.title`) })}
          </Link>
        ) : (
          <Link to="/overview" className="step-pager__next">
            {t("onboarding.backToTaskList")}
          </Link>
        )}
      </nav>
    </div>
  );
}

export default routeComponent(ShopSetup);
