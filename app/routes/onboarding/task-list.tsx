import type { StepStatus } from "#contract/onboarding.ts";
import type { ReactNode } from "react";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Link } from "react-router";
import { HandOverPanel } from "#app/components/ui/hand-over-panel.tsx";
import { StatusTag } from "#app/components/ui/status-tag.tsx";
import { loadProgress, toReviewOrRefuse } from "#app/services/hand-over/hand-over.server.ts";
import { requirementLabelKey, type Requirement } from "#app/lib/setup-progress.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { rejectedRows } from "#app/services/catalogue/file-review.server.ts";
import { CatalogueReturnNotice } from "#app/components/catalogue/catalogue-return-notice.tsx";
import { getI18n } from "#app/services/i18n/i18n.server.ts";
import { orRouteError } from "#app/services/upstream/upstream-error.server.ts";
import type { Route } from "./+types/task-list";
import { numberFormat } from "#app/lib/intl-formats.ts";
import { pageMessages, type MessagesHandle } from "#app/lib/i18n/page-messages.ts";
import { routeComponent } from "#app/lib/route-component.ts";

export const handle = { i18n: ["catalogueIntelligence", "catalogueReturn", "handOver", "onboarding", "sellerPage", "team"] } satisfies MessagesHandle;
export const clientMiddleware = [pageMessages(handle)];

export const middleware = [authorize({ rule: "sellerAdministrator", sellerState: "redirectIfActive" })];

export async function loader(args: Route.LoaderArgs) {
  const { seller, progress } = await orRouteError(loadProgress(args));
  // What the checks found in the catalogue's rows: said here, never a reason to hold the hand-over back.
  const rejected = await rejectedRows(args, seller.sellerCatalogueFiles);
  return {
    state: seller.state,
    progress,
    rejected,
    catalogueReturn: seller.catalogueReturn ?? null,
    title: getI18n(args.context).t("onboarding.taskList.title"),
  };
}

/** A POST to hand over from here leads to the review page, or is refused with what is missing (nothing is sent upstream). */
export async function action(args: Route.ActionArgs) {
  return toReviewOrRefuse(args, "/overview");
}

/**
 * The seller's task list (GOV.UK's pattern): every task with its status, the
 * share done and the next one to take; the hand-over once all are complete. After
 * the hand-over it says where the shop stands.
 */
function TaskList({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { state, progress, rejected, catalogueReturn } = loaderData;
  const editable = state === "REGISTERED" || state === "ONBOARDING";
  const { completed: done, total } = progress;
  const setup = progress.requirements.filter((requirement) => requirement.area === "setup");
  const catalogue = progress.requirements.filter((requirement) => requirement.area === "catalogue");
  const nextRequirement = progress.missing[0];
  const next: { label: string; path: string } | undefined = nextRequirement
    ? { label: t(requirementLabelKey(nextRequirement.id)), path: nextRequirement.path }
    : undefined;
  return (
    <article className="task-list-page">
      <h1>{editable ? t("onboarding.taskList.title") : t(`onboarding.taskList.states.${state as "CATALOGUE_DATA_SUBMITTED"}.title`)}</h1>
      <CatalogueReturnNotice catalogueReturn={catalogueReturn} next="catalogue" />
      {editable ? (
        <>
          <p className="task-list-page__lead">{t("onboarding.taskList.lead")}</p>
          <div className="task-list-page__progress">
            <p id="task-list-progress-label">{t("onboarding.taskList.progress", { done, total })}</p>
            <progress max={total} value={done} aria-labelledby="task-list-progress-label" />
            {next ? (
              <p>
                <Link className="button button--primary" to={next.path}>
                  {t("onboarding.taskList.continue", { step: next.label })}
                </Link>
              </p>
            ) : null}
          </div>
        </>
      ) : (
        <div className="notice task-list-page__state" role="status">
          <p>{t(`onboarding.taskList.states.${state as "CATALOGUE_DATA_SUBMITTED"}.body`)}</p>
        </div>
      )}

      <TaskSection id="task-list-setup" number={1} title={t("onboarding.taskList.setup")} tasks={setup} />

      <TaskSection id="task-list-catalogue" number={2} title={t("onboarding.taskList.catalogue")} tasks={catalogue}>
        {rejected ? (
          rejected.rejected > 0 ? (
            <p className="notice task-list-page__rejected">
              {t("catalogueIntelligence.taskList.rejected", {
                count: rejected.rejected,
                formatted: numberFormat(i18n.language).format(rejected.rejected),
              })}{" "}
              {editable ? `${t("catalogueIntelligence.taskList.submitAnyway")} ` : null}
              <Link to={`/upload/catalog${rejected.fileId ? `?fileId=${encodeURIComponent(rejected.fileId)}` : ""}#report-title`}>
                {t("catalogueIntelligence.taskList.rejectedLink")}
              </Link>
            </p>
          ) : rejected.unread === 0 ? (
            <p className="task-list-page__rejected">{t("catalogueIntelligence.taskList.noneRejected")}</p>
          ) : null
        ) : null}
        {rejected && rejected.unread > 0 ? (
          <p className="task-list-page__rejected" role="status">
            {t("catalogueIntelligence.taskList.unread", { count: rejected.unread, formatted: numberFormat(i18n.language).format(rejected.unread) })}
          </p>
        ) : null}
      </TaskSection>

      {editable ? (
        <HandOverPanel
          missing={actionData?.handOverRefused ?? progress.missing}
          refused={Boolean(actionData?.handOverRefused)}
          number={3}
          className="task-list"
          listed
        />
      ) : (
        <p>
          <Link to="/shop-setup">{t("onboarding.taskList.review")}</Link>
        </p>
      )}
      <p className="task-list-page__team">
        {t("team.taskList.lead")} <Link to="/team">{t("team.taskList.link")}</Link>
      </p>
    </article>
  );
}

/** A numbered group of tasks: its heading, a row for each task, and what is said below them (`children`). */
function TaskSection({
  id,
  number,
  title,
  tasks,
  children,
}: {
  id: string;
  number: number;
  title: string;
  tasks: readonly Requirement[];
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={id} className="task-list">
      <h2 id={id}>
        <span className="task-list__number" aria-hidden="true">
          {`${number}.`}
        </span>{" "}
        {title}
      </h2>
      <ul className="task-list__items">
        {tasks.map((task) => (
          <TaskRow key={task.id} id={`task-${task.id}`} label={t(requirementLabelKey(task.id))} path={task.path} status={task.status} />
        ))}
      </ul>
      {children}
    </section>
  );
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

export default routeComponent(TaskList);
