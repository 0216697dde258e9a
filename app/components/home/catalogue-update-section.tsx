import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Link, useNavigation } from "react-router";
import { ErrorSummary, type UpstreamFailureView } from "#app/components/catalogue/form-errors.tsx";
import { DataTable } from "#app/components/ui/data-table.tsx";
import { UnfixedChoice, type UnfixedView } from "#app/components/catalogue/unfixed-choice.tsx";
import { HOME_PRODUCTS_PATH } from "#app/lib/catalogue/products-query.ts";
import { ReturnedFiles } from "#app/components/catalogue/catalogue-returns.tsx";
import { CATALOGUE_UPDATES_PATH, type FileStatus, type OpenFile, type SentUpdate } from "#app/lib/home/catalogue-updates.ts";
import { numberFormat, dateTimeFormat, formatMoment, PORTAL_TIME_ZONE } from "#app/lib/intl-formats.ts";

/** What became of a file, in words (the day in the portal's zone: a table cell has no room for the time). */
export function FileStatusText({ status }: { status: FileStatus }) {
  const { t, i18n } = useTranslation();
  if (status.kind === "handedOver" || status.kind === "open") return <>{t(`catalogueUpdates.files.${status.kind}`)}</>;
  const date = dateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: PORTAL_TIME_ZONE }).format(new Date(status.at));
  return <>{t(`catalogueUpdates.files.${status.kind}`, { date })}</>;
}

/**
 * The newest update, when the catalogue team returned it: why, what to change
 * in which file, and what to do (upload a corrected file as a new update).
 * Shown at the top of the page until the seller sends another update.
 */
export function ReturnedUpdateNotice({ update, canChange }: { update: SentUpdate | undefined; canChange: boolean }) {
  const { t, i18n } = useTranslation();
  if (update?.status !== "RETURNED" || !update.returned) return null;
  const date = formatMoment(i18n.language, update.decidedAt ?? update.submittedAt);
  return (
    <section aria-labelledby="returned-update-title" className="notice catalogue-return">
      <h2 id="returned-update-title">{t("catalogueUpdates.returnedNotice.title")}</h2>
      <p>{t("catalogueUpdates.returnedNotice.lead", { date, files: update.fileNames.join(", ") })}</p>
      <ReturnReasons returned={update.returned} />
      <p>
        {t("catalogueUpdates.update.returnedThen")} {canChange ? <a href="#catalogue-file">{t("catalogueUpdates.update.uploadCorrected")}</a> : null}
      </p>
    </section>
  );
}

function ReturnReasons({ returned }: { returned: NonNullable<SentUpdate["returned"]> }) {
  const { t } = useTranslation();
  return (
    <>
      <blockquote>{returned.reason}</blockquote>
      {returned.files.length ? (
        <>
          <p>{t("catalogueUpdates.update.fileReasons")}</p>
          <ReturnedFiles files={returned.files} />
        </>
      ) : null}
    </>
  );
}

/** Where one update sent stands: waiting, taken into the live catalogue (when), or returned (when, and why). */
function SentUpdateItem({ update }: { update: SentUpdate }) {
  const { t, i18n } = useTranslation();
  const moment = (iso: string) => formatMoment(i18n.language, iso);
  return (
    <li className={`catalogue-updates__item catalogue-updates__item--${update.status.toLowerCase()}`}>
      <p>
        <strong>
          {t(`catalogueUpdates.update.status.${update.status}`, {
            date: moment(update.submittedAt),
            decided: update.decidedAt ? moment(update.decidedAt) : "",
          })}
        </strong>
      </p>
      <p>{t("catalogueUpdates.update.files", { files: update.fileNames.join(", ") })}</p>
      {update.status === "RETURNED" && update.returned ? (
        <>
          <p>{t("catalogueUpdates.update.reason")}</p>
          <ReturnReasons returned={update.returned} />
        </>
      ) : null}
    </li>
  );
}

/**
 * The next update reviewed before it goes: each new file, whether its
 * columns are mapped and how many rows the marketplace will reject; then one
 * button that sends them all. Below, the updates sent so far and where each
 * stands.
 */
export function CatalogueUpdateSection({
  canChange,
  openFiles,
  updates,
  failure,
  unfixed = null,
  restrictedByObligation = false,
  obligationsUnknown = false,
  refusedMessage = null,
}: {
  canChange: boolean;
  openFiles: OpenFile[];
  updates: SentUpdate[];
  failure: UpstreamFailureView | null;
  /** The answer of a send that waits for the choice about products that still need a fix. */
  unfixed?: UnfixedView | null;
  /** A past-due obligation holds back catalogue updates: said here, where the update is sent, and no button to send. */
  restrictedByObligation?: boolean;
  /** Whether a past-due obligation holds them back could not be checked (the service checks again on sending). */
  obligationsUnknown?: boolean;
  /** The action's refusal, when a send was posted all the same. */
  refusedMessage?: string | null;
}) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "send";
  const number = numberFormat(i18n.language);
  const unmapped = openFiles.filter((file) => !file.mappingComplete);
  return (
    <section aria-labelledby="update-title" className="upload-finish">
      <h2 id="update-title">{t("catalogueUpdates.update.title")}</h2>
      {failure ? <ErrorSummary items={[]} upstream={failure} /> : null}
      {refusedMessage ? (
        <p className="notice notice--error" role="alert">
          {refusedMessage}
        </p>
      ) : null}
      {restrictedByObligation ? (
        <p className="notice notice--error" id="update-restricted" data-obligation-restricted="CATALOGUE_UPDATES">
          {t("obligations.catalogueUpdates.restricted")} <Link to="/home/overview#obligations-title">{t("obligations.catalogueUpdates.overviewLink")}</Link>
        </p>
      ) : null}
      {obligationsUnknown ? <p className="notice">{t("obligations.catalogueUpdates.unknown")}</p> : null}
      {openFiles.length === 0 ? (
        <p>{t(canChange ? "catalogueUpdates.update.nothingOpen" : "catalogueUpdates.update.nothingOpenViewer")}</p>
      ) : (
        <>
          <p id="update-lead">{t("catalogueUpdates.update.lead", { count: openFiles.length })}</p>
          <DataTable
            labelledBy="update-title"
            landmark={false}
            columns={[t("catalogue.files.name"), t("catalogue.files.mapping"), { label: t("catalogueUpdates.update.rejected"), className: "numeric" }]}
          >
            {openFiles.map((file) => (
              <tr key={file.id}>
                <th scope="row">
                  <Link to={`${CATALOGUE_UPDATES_PATH}?fileId=${encodeURIComponent(file.id)}#mapping-title`}>{file.fileName}</Link>
                </th>
                <td>{file.mappingComplete ? t("catalogue.files.mapped") : t("catalogue.files.unmapped")}</td>
                <td className="numeric">
                  {file.rowsRejected === null
                    ? t("catalogueUpdates.update.notChecked")
                    : t("catalogueUpdates.update.rejectedOf", { rejected: number.format(file.rowsRejected), checked: number.format(file.rowsChecked ?? 0) })}
                </td>
              </tr>
            ))}
          </DataTable>
          {unmapped.length > 0 ? <p className="notice">{t("catalogueUpdates.update.mapFirst", { count: unmapped.length })}</p> : null}
          {canChange && !restrictedByObligation ? (
            <UnfixedChoice
              where={{
                texts: "catalogueUpdates.update.products",
                action: CATALOGUE_UPDATES_PATH,
                hidden: { intent: "send" },
                productsPath: HOME_PRODUCTS_PATH,
                id: "update-unfixed",
              }}
              needsFix={openFiles.reduce((sum, file) => sum + file.needsFix, 0)}
              answer={unfixed}
              saving={sending}
              submit={
                <button type="submit" className="button button--primary" disabled={unmapped.length > 0 || sending} aria-describedby="update-lead">
                  {sending ? t("catalogueUpdates.update.sending") : t("catalogueUpdates.update.send", { count: openFiles.length })}
                </button>
              }
            />
          ) : null}
        </>
      )}
      {updates.length > 0 ? (
        <>
          <h3 id="updates-sent-title">{t("catalogueUpdates.update.history")}</h3>
          <ul className="catalogue-updates" aria-labelledby="updates-sent-title">
            {updates.map((update) => (
              <SentUpdateItem key={update.id} update={update} />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
