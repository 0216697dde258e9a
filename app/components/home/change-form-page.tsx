import type { SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Link } from "react-router";
import { changePath, pagePath } from "#app/lib/home/my-company-changes.ts";
import { formatMoment } from "#app/lib/intl-formats.ts";
import type { changeFormLoader } from "#app/services/home/my-company-changes.server.ts";
import type { ChangeFormProps } from "./change-forms/use-change-form.ts";

type ChangeFormData = Awaited<ReturnType<typeof changeFormLoader>>;

/**
 * The page of a change's form, which each kind's route module renders with its
 * own data and its own form (so that the page loads its form's schema only); a
 * change of the same thing under way, or one this user may not make, is said
 * instead.
 */
export function ChangeFormPage({
  data,
  result,
  form,
}: {
  data: ChangeFormData;
  result: SubmissionResult<string[]> | undefined;
  form: (props: ChangeFormProps) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const { kind, warehouseName, findings, missing, defaults, draftId, pending, refused } = data;
  return (
    <section aria-labelledby="change-title" className="company-change">
      <h1 id="change-title">{t(`myCompany.changes.kinds.${kind}.formTitle`, { name: warehouseName ?? "" })}</h1>
      <p className="lead">{t(`myCompany.changes.kinds.${kind}.formLead`)}</p>
      {refused ? (
        <p className="notice" role="status">
          {t("myCompany.changes.refusedWhileActingAsSeller")}{" "}
          <Link to={pagePath(kind)}>{t("myCompany.changes.backTo", { page: t(`myCompany.pages.${kind}`) })}</Link>
        </p>
      ) : pending ? (
        <p className="notice" role="status">
          {t("myCompany.changes.pendingAlready", { date: formatMoment(i18n.language, pending.submittedAt ?? pending.createdAt) })}{" "}
          <Link to={changePath(pending.id)}>{t("myCompany.changes.seeChange")}</Link>
        </p>
      ) : (
        <>
          {data.kept === "restored" ? (
            <p className="notice" role="status">
              {t("auth.secondFactor.freshKept")}
            </p>
          ) : null}
          {data.kept === "lost" ? (
            <p className="notice notice--error" role="status">
              {t("auth.secondFactor.freshExpired")}
            </p>
          ) : null}
          {missing.changes ? <p className="notice">{t("myCompany.changes.formChangesUnavailable")}</p> : null}
          {missing.lastValidation ? <p className="notice">{t("myCompany.changes.lastValidationUnavailable")}</p> : null}
          {findings.length > 0 ? (
            <div className="notice notice--error">
              <h2 className="notice__title">{t("myCompany.changes.findingsTitle")}</h2>
              <ul>
                {findings.map((finding) => (
                  <li key={finding}>{finding}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {form({ defaults, result, replaces: draftId })}
        </>
      )}
    </section>
  );
}
