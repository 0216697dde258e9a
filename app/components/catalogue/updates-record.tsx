import type { IntegrationUpdate } from "#contract/catalogue-updates.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { useStaffDates } from "#app/lib/staff-dates.ts";
import { ReturnedFiles } from "./catalogue-returns.tsx";

/** Where an update stands, in the team's words: waiting, or taken in or returned (when, by whom). */
export function useUpdateStateText() {
  const { t } = useTranslation();
  const { dateTime } = useStaffDates();
  return (update: Pick<IntegrationUpdate, "status" | "decidedAt" | "decidedBy">) =>
    t(`catalogueUpdates.team.states.${update.status}`, {
      date: update.decidedAt ? dateTime(update.decidedAt) : "",
      by: update.decidedBy ?? t("catalogueUpdates.team.unknownPerson"),
    });
}

/** The seller's catalogue updates on the staff seller page, read-only: when each was sent, where it stands, its files and the reasons of a return. */
export function UpdatesRecordSection({ updates }: { updates: IntegrationUpdate[] }) {
  const { t } = useTranslation();
  const { dateTime } = useStaffDates();
  const stateText = useUpdateStateText();
  if (updates.length === 0) return null;
  return (
    <section aria-labelledby="seller-updates-record" className="seller-page__section panel">
      <h2 id="seller-updates-record">{t("catalogueUpdates.record.title")}</h2>
      <ol className="seller-page__returns">
        {updates.map((update) => (
          <li key={update.id}>
            <p>
              {t("catalogueUpdates.record.sent", { at: dateTime(update.submittedAt) })} {stateText(update)}
            </p>
            <p>{t("catalogueUpdates.update.files", { files: update.files.map((file) => file.fileName).join(", ") })}</p>
            {update.returned ? (
              <>
                <blockquote>{update.returned.reason}</blockquote>
                {update.returned.files.length ? <ReturnedFiles files={update.returned.files} /> : null}
              </>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
