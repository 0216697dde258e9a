import type { CatalogueFile } from "#contract/catalogue.ts";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Link, useLocation, useNavigation } from "react-router";
import { DELETE_FILE_ANCHOR, DELETE_FILE_PARAM, formatBytes } from "#app/lib/catalogue/catalogue-steps.ts";
import { DataTable } from "#app/components/ui/data-table.tsx";
import { DownloadLink } from "#app/components/ui/download-link.tsx";
import { formatMoment } from "#app/lib/intl-formats.ts";
import { DeleteFileConfirmation } from "./delete-file-confirmation.tsx";

type CatalogueFilesTableProps = {
  /** The catalogue page the table is on: downloads from its `/file`, reviews on it, deletes posted to it. */
  page: string;
  files: readonly CatalogueFile[];
  /** Whether a file offers "delete" (unless `locked`). */
  deletable: (file: CatalogueFile) => boolean;
  locked: boolean;
  /** A further column (what became of each file), after the mapping. */
  status?: { label: string; cell: (file: CatalogueFile) => ReactNode };
  /** The review link's words for a file that can no longer change ("map columns" otherwise). */
  viewOnly?: { when: (file: CatalogueFile) => boolean; text: string; named: (name: string) => string };
  /** The products view each file links to, when the page offers one. */
  productsPath?: string;
};

/** A cell's heading in words, seen where the rows are laid out as cards (the header row is out of sight there). */
function CellLabel({ children }: { children: ReactNode }) {
  return (
    <span className="cell-label" aria-hidden="true">
      {children}
    </span>
  );
}

/**
 * The seller's catalogue files: name, size, when uploaded, mapped or not, and download, review and delete. A table
 * where there is room, a card per file on a phone (catalogue.css). "Delete" asks first: it opens the confirmation
 * naming the file (the address's `delete`; with JavaScript at once, in a dialog), which alone deletes.
 */
export function CatalogueFilesTable({ page, files, deletable, locked, status, viewOnly, productsPath }: CatalogueFilesTableProps) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigation = useNavigation();
  // With JavaScript "Delete" asks at once, without waiting for the page's data again; the address's `delete` asks too.
  const [asked, setAsked] = useState<string | null>(null);
  const deleting = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete";
  const wasDeleting = useRef(false);
  // The dialog's code, fetched once the page is hydrated: "Delete" opens it at once.
  useEffect(() => DeleteFileConfirmation.preload(), []);
  useEffect(() => {
    if (wasDeleting.current && !deleting) setAsked(null);
    wasDeleting.current = deleting;
  }, [deleting]);
  if (files.length === 0) return <p>{t("catalogue.files.none")}</p>;
  const canDelete = (file: CatalogueFile) => !locked && deletable(file);
  const withParams = (change: (params: URLSearchParams) => void, hash = "") => {
    const params = new URLSearchParams(location.search);
    change(params);
    const search = params.toString();
    return `${page}${search ? `?${search}` : ""}${hash}`;
  };
  const requested = new URLSearchParams(location.search).get(DELETE_FILE_PARAM);
  const confirming = files.find((file) => (file.id === asked || file.id === requested) && canDelete(file));
  const labels = {
    size: t("catalogue.files.size"),
    uploadedAt: t("catalogue.files.uploadedAt"),
    mapping: t("catalogue.files.mapping"),
  };
  return (
    <>
      {confirming ? (
        <DeleteFileConfirmation
          page={page}
          file={confirming}
          cancelTo={withParams((params) => params.delete(DELETE_FILE_PARAM), "#files-title")}
          onCancel={confirming.id === asked ? () => setAsked(null) : undefined}
        />
      ) : null}
      <DataTable
        className="table catalogue-files"
        frameClassName="catalogue-files__frame"
        columns={[t("catalogue.files.name"), labels.size, labels.uploadedAt, labels.mapping, ...(status ? [status.label] : []), t("catalogue.files.actions")]}
      >
        {files.map((file) => (
          <tr key={file.id}>
            <th scope="row">{file.fileName}</th>
            <td>
              <CellLabel>{labels.size}</CellLabel>
              {formatBytes(t, file.size, i18n.language)}
            </td>
            <td>
              <CellLabel>{labels.uploadedAt}</CellLabel>
              {formatMoment(i18n.language, file.uploadedAt)}
            </td>
            <td>
              <CellLabel>{labels.mapping}</CellLabel>
              {file.mappingComplete ? t("catalogue.files.mapped") : t("catalogue.files.unmapped")}
            </td>
            {status ? (
              <td>
                <CellLabel>{status.label}</CellLabel>
                {status.cell(file)}
              </td>
            ) : null}
            <td>
              <div className="catalogue-files__actions">
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
                {productsPath ? (
                  <Link to={`${productsPath}?fileId=${encodeURIComponent(file.id)}`} aria-label={t("catalogueProducts.filesNamed", { name: file.fileName })}>
                    {t("catalogueProducts.files")}
                  </Link>
                ) : null}
                {canDelete(file) ? (
                  <Link
                    to={withParams((params) => params.set(DELETE_FILE_PARAM, file.id), `#${DELETE_FILE_ANCHOR}`)}
                    preventScrollReset
                    onClick={(event) => {
                      event.preventDefault();
                      setAsked(file.id);
                    }}
                    className="button button--secondary"
                    aria-label={t("catalogue.files.deleteNamed", { name: file.fileName })}
                  >
                    {t("catalogue.files.delete")}
                  </Link>
                ) : null}
              </div>
            </td>
          </tr>
        ))}
      </DataTable>
    </>
  );
}
