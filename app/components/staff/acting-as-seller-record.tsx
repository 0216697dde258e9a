import type { SubstitutionAudit, SubstitutionChange } from "#contract/staff-seller.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import type { PartFailure } from "#app/lib/staff/staff-types.ts";
import { PartFailureNotice } from "./part-failure.tsx";
import { useStaffDates } from "#app/lib/staff-dates.ts";

/** Who acted as this seller, when, how it ended, and what they changed (the marketplace's record). */
export function ActingAsSellerRecord({ audit, failure }: { audit: SubstitutionAudit | null; failure: PartFailure | null }) {
  const { t } = useTranslation();
  const { dateTime } = useStaffDates();
  return (
    <section aria-labelledby="acting-as-seller-record" className="seller-page__section panel">
      <h2 id="acting-as-seller-record">{t("sellerPage.actingAsSellerRecord.title")}</h2>
      {failure ? <PartFailureNotice failure={failure} hint={t("sellerPage.partFailedHint")} /> : null}
      {audit && audit.sessions.length === 0 ? <p>{t("sellerPage.actingAsSellerRecord.none")}</p> : null}
      {audit && audit.sessions.length > 0 ? (
        <ol className="seller-page__sessions">
          {audit.sessions.map((session) => (
            <li key={session.id} className="seller-page__session">
              <p>
                <strong>{session.staffEmail ?? t("sellerPage.actingAsSellerRecord.unknownStaff")}</strong>{" "}
                {t("sellerPage.actingAsSellerRecord.started", { at: dateTime(session.startedAt) })}
                {" · "}
                {session.endedAt && session.endedBy
                  ? t(`sellerPage.actingAsSellerRecord.ended.${session.endedBy}`, { at: dateTime(session.endedAt) })
                  : t("sellerPage.actingAsSellerRecord.ongoing")}
              </p>
              {session.changes.length === 0 ? (
                <p className="seller-table__meta">{t("sellerPage.actingAsSellerRecord.noChanges")}</p>
              ) : (
                <ul
                  aria-label={t("sellerPage.actingAsSellerRecord.changesOf", {
                    staff: session.staffEmail ?? t("sellerPage.actingAsSellerRecord.unknownStaff"),
                  })}
                >
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
