import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Form, Link, useNavigation } from "react-router";
import { ErrorSummary, type UpstreamFailureView } from "#app/components/catalogue/form-errors.tsx";
import { DataTable } from "#app/components/ui/data-table.tsx";
import { CATALOGUE_UPDATES_PATH, type FileStatus, type OpenFile } from "#app/lib/home/catalogue-updates.ts";
import { numberFormat, dateTimeFormat, formatMoment } from "#app/lib/intl-formats.ts";

type SentUpdate = { id: string; submittedAt: string; status: "SUBMITTED" | "PROCESSED"; fileNames: string[] };

/** What became of a file, in words. */
export function FileStatusText({ status }: { status: FileStatus }) {
  const { t, i18n } = useTranslation();
  if (status.kind !== "sent") return <>{t(`catalogueUpdates.files.${status.kind}`)}</>;
  return <>{t("catalogueUpdates.files.sent", { date: dateTimeFormat(i18n.language, { dateStyle: "medium" }).format(new Date(status.at)) })}</>;
}

/**
 * The next update reviewed before it goes: each new file, whether its
 * columns are mapped and how many rows the marketplace will reject; then one
 * button that sends them all. Below, the updates sent so far.
 */
export function CatalogueUpdateSection({
  canChange,
  openFiles,
  updates,
  failure,
}: {
  canChange: boolean;
  openFiles: OpenFile[];
  updates: SentUpdate[];
  failure: UpstreamFailureView | null;
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
      {openFiles.length === 0 ? (
        <p>{t(canChange ? "catalogueUpdates.update.nothingOpen" : "catalogueUpdates.update.nothingOpenViewer")}</p>
      ) : (
        <>
          <p id="update-lead">{t("catalogueUpdates.update.lead", { count: openFiles.length })}</p>
          <DataTable
            labelledBy="update-title"
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
          {canChange ? (
            <Form method="post">
              <button
                type="submit"
                name="intent"
                value="send"
                className="button button--primary"
                disabled={unmapped.length > 0 || sending}
                aria-describedby="update-lead"
              >
                {sending ? t("catalogueUpdates.update.sending") : t("catalogueUpdates.update.send", { count: openFiles.length })}
              </button>
            </Form>
          ) : null}
        </>
      )}
      {updates.length > 0 ? (
        <>
          <h3 id="updates-sent-title">{t("catalogueUpdates.update.history")}</h3>
          <ul className="catalogue-updates">
            {updates.map((update) => (
              <li key={update.id}>
                {t(`catalogueUpdates.update.status.${update.status}`, { date: formatMoment(i18n.language, update.submittedAt) })}: {update.fileNames.join(", ")}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
