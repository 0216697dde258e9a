import type { SubstitutionAudit, SubstitutionChange } from "#contract/staff-seller.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import type { PartFailure } from "#app/lib/staff/staff-types.ts";
import { PartFailureNotice } from "./part-failure.tsx";
import { useStaffDates } from "#app/lib/staff-dates.ts";

/** Who acted as this seller, when, how it ended, and what they changed (the marketplace's record). */
export function SubstitutionRecord({ audit, failure }: { audit: SubstitutionAudit | null; failure: PartFailure | null }) {
  const { t } = useTranslation();
  const { dateTime } = useStaffDates();
  return (
    <section aria-labelledby="seller-substitutions" className="seller-page__section">
      <h2 id="seller-substitutions">{t("sellerPage.substitutions.title")}</h2>
      {failure ? <PartFailureNotice failure={failure} hint={t("sellerPage.partFailedHint")} /> : null}
      {audit && audit.sessions.length === 0 ? <p>{t("sellerPage.substitutions.none")}</p> : null}
      {audit && audit.sessions.length > 0 ? (
        <ol className="seller-page__sessions">
          {audit.sessions.map((session) => (
            <li key={session.id} className="seller-page__session">
              <p>
                <strong>{session.staffEmail ?? t("sellerPage.substitutions.unknownStaff")}</strong>{" "}
                {t("sellerPage.substitutions.started", { at: dateTime(session.startedAt) })}
                {" · "}
                {session.endedAt && session.endedBy
                  ? t(`sellerPage.substitutions.ended.${session.endedBy}`, { at: dateTime(session.endedAt) })
                  : t("sellerPage.substitutions.ongoing")}
              </p>
              {session.changes.length === 0 ? (
                <p className="seller-table__meta">{t("sellerPage.substitutions.noChanges")}</p>
              ) : (
                <ul aria-label={t("sellerPage.substitutions.changesOf", { staff: session.staffEmail ?? t("sellerPage.substitutions.unknownStaff") })}>
                  {session.changes.map((change, index) => (
                    <li key={index}>
                      <ChangeLine change={change} at={dateTime(change.at)} />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}

function ChangeLine({ change, at }: { change: SubstitutionChange; at: string }) {
  const { t } = useTranslation();
  const subject =
    change.kind === "SHOP_SETUP_STEP_SAVED" && change.subject
      ? t(`onboarding.steps.${change.subject}.title`, { defaultValue: change.subject })
      : (change.subject ?? "");
  const what =
    change.kind === "OTHER"
      ? t("sellerPage.changes.OTHER", { request: `${change.method} ${change.path}` })
      : subject
        ? t(`sellerPage.changes.${change.kind}.named`, { subject })
        : t(`sellerPage.changes.${change.kind}.plain`);
  const refused = change.status >= 400;
  return (
    <>
      <span className="seller-table__meta">{at}</span> {what}
      {refused ? <span className="badge badge--warning">{t("sellerPage.changes.refused", { status: change.status })}</span> : null}
    </>
  );
}
