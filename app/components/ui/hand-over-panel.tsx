import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Link } from "react-router";
import { HAND_OVER_REVIEW_PATH, requirementLabelKey, type Requirement } from "#app/lib/setup-progress.ts";
import { StatusTag } from "./status-tag.tsx";

/** What is still missing before the hand-over, each a link to the page where it is done (never an id). */
export function MissingRequirements({ missing, id }: { missing: readonly Requirement[]; id?: string }) {
  const { t } = useTranslation();
  return (
    <ul className="missing-list" id={id}>
      {missing.map((requirement) => (
        <li key={requirement.id} className="missing-list__item">
          <Link to={requirement.path}>{t(requirementLabelKey(requirement.id))}</Link> <StatusTag status={requirement.status} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The hand-over as the task list and the catalogue page offer it, under one
 * name: with everything complete, the way to the review page (which alone
 * hands over); until then, what is missing in its place (only counted
 * where the page lists the tasks already: `listed`). `refused` is an
 * action's answer to a POST that came anyway.
 */
export function HandOverPanel({
  missing,
  refused,
  number,
  className,
  listed = false,
}: {
  missing: readonly Requirement[];
  refused: boolean;
  /** The page lists every task with its status above: the panel counts what is missing instead of listing it again. */
  listed?: boolean;
  number?: number;
  className?: string;
}) {
  const { t } = useTranslation();
  const ready = missing.length === 0;
  return (
    <section aria-labelledby="hand-over-title" className={className ? `hand-over ${className}` : "hand-over"}>
      <h2 id="hand-over-title">
        {number ? (
          <>
            <span className="task-list__number" aria-hidden="true">
              {number}.
            </span>{" "}
          </>
        ) : null}
        {t("handOver.action")}
      </h2>
      {refused && !ready ? (
        <div className="error-summary" role="alert">
          <p className="error-summary__title">{t("handOver.refused")}</p>
        </div>
      ) : null}
      {ready ? (
        <>
          <p id="hand-over-lead">{t("handOver.readyLead")}</p>
          <p>
            <Link to={HAND_OVER_REVIEW_PATH} className="button button--primary" aria-describedby="hand-over-lead">
              {t("handOver.reviewLink")}
            </Link>
          </p>
        </>
      ) : (
        <>
          <p id="hand-over-missing-lead">{t(listed ? "handOver.missingAbove" : "handOver.missingLead", { count: missing.length })}</p>
          {listed ? null : <MissingRequirements missing={missing} />}
        </>
      )}
    </section>
  );
}
