import type { CatalogueFile } from "#contract/catalogue.ts";
import type { ReactNode } from "react";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Form, Link } from "react-router";
import { formatBytes } from "#app/lib/catalogue/catalogue-steps.ts";
import { DataTable } from "#app/components/ui/data-table.tsx";
import { DownloadLink } from "#app/components/ui/download-link.tsx";
import { formatMoment } from "#app/lib/intl-formats.ts";

type CatalogueFilesTableProps = {
  /** The catalogue page the table is on: downloads from its `/file`, reviews on it, deletes posted to it. */
  page: string;
  files: readonly CatalogueFile[];
  /** Whether a file offers "delete" (enabled unless `locked`). */
  deletable: (file: CatalogueFile) => boolean;
  locked: boolean;
  /** A further column (what became of each file), after the mapping. */
  status?: { label: string; cell: (file: CatalogueFile) => ReactNode };
  /** The review link's words for a file that can no longer change ("map columns" otherwise). */
  viewOnly?: { when: (file: CatalogueFile) => boolean; text: string; named: (name: string) => string };
};

/** The seller's catalogue files: name, size, when uploaded, mapped or not, and download, review and delete. */
export function CatalogueFilesTable({ page, files, deletable, locked, status, viewOnly }: CatalogueFilesTableProps) {
  const { t, i18n } = useTranslation();
  if (files.length === 0) return <p>{t("catalogue.files.none")}</p>;
  return (
    <DataTable
      className="table catalogue-files"
      columns={[
        t("catalogue.files.name"),
        t("catalogue.files.size"),
        t("catalogue.files.uploadedAt"),
        t("catalogue.files.mapping"),
        ...(status ? [status.label] : []),
        t("catalogue.files.actions"),
      ]}
    >
      {files.map((file) => (
        <tr key={file.id}>
          <th scope="row">{file.fileName}</th>
          <td>{formatBytes(t, file.size, i18n.language)}</td>
          <td>{formatMoment(i18n.language, file.uploadedAt)}</td>
          <td>{file.mappingComplete ? t("catalogue.files.mapped") : t("catalogue.files.unmapped")}</td>
          {status ? <td>{status.cell(file)}</td> : null}
          <td className="catalogue-files__actions">
            <DownloadLink href={`${page}/file?fileId=${encodeURIComponent(file.id)}`} label={t("catalogue.files.downloadNamed", { name: file.fileName })}>
              {t("catalogue.files.download")}
            </DownloadLink>
            {viewOnly?.when(file) ? (
              <Link to={`${page}?fileId=${encodeURIComponent(file.id)}#mapping-title`} aria-label={viewOnly.named(file.fileName)}>
                {viewOnly.text}
              </Link>
            ) : (
              <Link to={`${page}?fileId=${encodeURIComponent(file.id)}#mapping-title`} aria-label={t("catalogue.files.mapNamed", { name: file.fileName })}>
                {t("catalogue.files.map")}
              </Link>
            )}
            {deletable(file) ? (
              <Form method="post">
                <input type="hidden" name="fileId" value={file.id} />
                <input type="hidden" name="fileName" value={file.fileName} />
                <button
                  type="submit"
                  name="intent"
                  value="delete"
                  className="button button--secondary"
                  disabled={locked}
                  aria-label={t("catalogue.files.deleteNamed", { name: file.fileName })}
                >
                  {t("catalogue.files.delete")}
                </button>
              </Form>
            ) : null}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
