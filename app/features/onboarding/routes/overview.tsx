import { stepNames, type StepStatus } from "@contract/onboarding";
import { useTranslation } from "react-i18next";
import { Form, Link, redirect } from "react-router";
import { Spinner, useSaving } from "~/features/onboarding/components/step-form";
import { StatusTag } from "~/features/onboarding/components/status-tag";
import { setupProgress, type RequirementId } from "~/features/onboarding/requirements";
import { authorize } from "~/features/shell/authorize.server";
import { rejectedRows } from "~/features/catalogue/review.server";
import { CatalogueReturnNotice } from "~/features/catalogue/components/catalogue-return-notice";
import { getI18n } from "~/shared/i18n/i18n.server";
import { redirectWithPortalToast, upstreamErrorToast } from "~/features/shell/toasts/toast.server";
import { upstream } from "~/features/shell/upstream.server";
import { orRouteError, UpstreamError } from "~/shared/upstream/upstream-error.server";
import catalogueStylesHref from "~/features/catalogue/catalogue.css?url";
import fileReviewStylesHref from "~/features/catalogue/file-review.css?url";
import onboardingStylesHref from "~/features/onboarding/onboarding.css?url";
import type { Route } from "./+types/overview";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: onboardingStylesHref },
  { rel: "stylesheet", href: catalogueStylesHref },
  { rel: "stylesheet", href: fileReviewStylesHref },
];

export const middleware = [authorize({ rule: "sellerAdministrator", sellerState: "redirectIfActive" })];

export async function loader(args: Route.LoaderArgs) {
  const client = upstream(args).onboarding;
  const [steps, catalogue, seller] = await Promise.all([
    orRouteError(client.progress()),
    orRouteError(client.catalogueImportProgress()),
    orRouteError(client.seller()),
  ]);
  const files = seller.sellerCatalogueFiles;
  const progress = setupProgress({ state: seller.state, steps: steps.steps, catalogue, files });
  // What the checks found in the catalogue's rows: said here, never a reason to hold the submission back.
  const rejected = await rejectedRows(args, files);
  return {
    state: seller.state,
    progress,
    rejected,
    catalogueReturn: seller.catalogueReturn ?? null,
    title: getI18n(args.context).t("onboarding.overview.title"),
  };
}

/** Submit: hands shop and catalogue over (finish upload); the service names any step still missing. */
export async function action(args: Route.ActionArgs) {
  const t = getI18n(args.context).t;
  try {
    await upstream(args).onboarding.finishUpload();
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return redirectWithPortalToast("/overview", upstreamErrorToast(error, t("onboarding.overview.submitFailed")), { status: 303 });
  }
  throw redirect("/overview/complete", 303);
}

/**
 * The seller's task list (GOV.UK's pattern): every task with its status, the
 * share done and the next one to take; Submit once all are complete. After
 * the hand-over it says where the shop stands.
 */
export default function Overview({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { saving } = useSaving("/overview");
  const { state, progress, rejected, catalogueReturn } = loaderData;
  const editable = state === "REGISTERED" || state === "ONBOARDING";
  const { completed: done, total, readyToHandOver: ready } = progress;
  const setup = progress.requirements.filter((requirement) => requirement.area === "setup");
  const catalogue = progress.requirements.filter((requirement) => requirement.area === "catalogue");
  const nextRequirement = progress.missing[0];
  const next: { label: string; path: string } | undefined = nextRequirement
    ? { label: requirementLabel(t, nextRequirement.id), path: nextRequirement.path }
    : undefined;
  return (
    <article className="overview">
      <h1>{editable ? t("onboarding.overview.title") : t(`onboarding.overview.states.${state as "CATALOGUE_DATA_SUBMITTED"}.title`)}</h1>
      <CatalogueReturnNotice catalogueReturn={catalogueReturn} next="catalogue" />
      {editable ? (
        <>
          <p className="overview__lead">{t("onboarding.overview.lead")}</p>
          <div className="overview__progress">
            <p id="overview-progress-label">{t("onboarding.overview.progress", { done, total })}</p>
            <progress max={total} value={done} aria-labelledby="overview-progress-label" />
            {next ? (
              <p>
                <Link className="button button--primary" to={next.path}>
                  {t("onboarding.overview.continue", { step: next.label })}
                </Link>
              </p>
            ) : null}
          </div>
        </>
      ) : (
        <div className="notice overview__state" role="status">
          <p>{t(`onboarding.overview.states.${state as "CATALOGUE_DATA_SUBMITTED"}.body`)}</p>
        </div>
      )}

      <section aria-labelledby="overview-setup" className="task-list">
        <h2 id="overview-setup">
          <span className="task-list__number" aria-hidden="true">
            1.
          </span>{" "}
          {t("onboarding.overview.setup")}
        </h2>
        <ul className="task-list__items">
          {setup.map(({ id, status, path }) => (
            <TaskRow key={id} id={`task-${id}`} label={requirementLabel(t, id)} path={path} status={status} />
          ))}
        </ul>
      </section>

      <section aria-labelledby="overview-catalogue" className="task-list">
        <h2 id="overview-catalogue">
          <span className="task-list__number" aria-hidden="true">
            2.
          </span>{" "}
          {t("onboarding.overview.catalogue")}
        </h2>
        <ul className="task-list__items">
          {catalogue.map(({ id, status, path }) => (
            <TaskRow key={id} id={`task-${id}`} label={requirementLabel(t, id)} path={path} status={status} />
          ))}
        </ul>
        {rejected ? (
          rejected.rejected > 0 ? (
            <p className="notice overview__rejected">
              {t("catalogueIntelligence.overview.rejected", {
                count: rejected.rejected,
                formatted: new Intl.NumberFormat(i18n.language).format(rejected.rejected),
              })}{" "}
              {editable ? `${t("catalogueIntelligence.overview.submitAnyway")} ` : null}
              <Link to={`/upload/catalog${rejected.fileId ? `?fileId=${encodeURIComponent(rejected.fileId)}` : ""}#report-title`}>
                {t("catalogueIntelligence.overview.rejectedLink")}
              </Link>
            </p>
          ) : (
            <p className="overview__rejected">{t("catalogueIntelligence.overview.noneRejected")}</p>
          )
        ) : null}
      </section>

      {editable ? (
        <section aria-labelledby="overview-submit" className="task-list">
          <h2 id="overview-submit">
            <span className="task-list__number" aria-hidden="true">
              3.
            </span>{" "}
            {t("onboarding.overview.submitTitle")}
          </h2>
          <p>{ready ? t("onboarding.overview.submitReady") : t("onboarding.overview.submitNotReady")}</p>
          {ready ? (
            <Form method="post" action="/overview">
              <button type="submit" className="button button--primary" aria-disabled={saving || undefined}>
                {saving ? <Spinner /> : null}
                {t("onboarding.overview.submit")}
              </button>
            </Form>
          ) : null}
        </section>
      ) : (
        <p>
          <Link to="/shop-setup">{t("onboarding.overview.review")}</Link>
        </p>
      )}
    </article>
  );
}

/** A requirement's name: a shop-setup step's title, or the catalogue task's. */
function requirementLabel(t: (key: string) => string, id: RequirementId): string {
  return (stepNames as readonly string[]).includes(id) ? t(`onboarding.steps.${id}.title`) : t(`onboarding.overview.catalogueSteps.${id}`);
}

/** One task: its name as the link, and its status beside it (tied together for screen readers). */
function TaskRow({ id, label, path, status }: { id: string; label: string; path: string; status: StepStatus }) {
  return (
    <li className="task-list__item">
      <Link to={path} aria-describedby={`${id}-status`} className="task-list__link">
        {label}
      </Link>
      <span id={`${id}-status`}>
        <StatusTag status={status} />
      </span>
    </li>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.title} · Seller Portal` : "Seller Portal" }];
