import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { afterHydration } from "#app/components/ui/after-hydration.tsx";
import { DELETE_FILE_ANCHOR } from "#app/lib/catalogue/catalogue-steps.ts";
import { ConfirmationContent, type DeleteFileConfirmationProps } from "./delete-file-content.tsx";

/**
 * "Delete catalogue.csv?": the review step before a file is deleted, naming it and what goes with it; its button is
 * the only one that deletes. Without JavaScript (and before hydration) a section at the top of the files, which the
 * address's anchor scrolls to; with it the same as a dialog (delete-file-dialog.tsx, Headless UI: its code is fetched
 * once the page is hydrated; the files table asks for it then, so it is there when "Delete" is pressed). "Keep the
 * file" returns to `cancelTo`.
 */
export const DeleteFileConfirmation = afterHydration<DeleteFileConfirmationProps>(
  () => import("./delete-file-dialog.tsx").then((module) => module.DeleteFileDialog),
  DeleteFileSection,
);

function DeleteFileSection({ page, file, cancelTo }: DeleteFileConfirmationProps) {
  const { t } = useTranslation();
  const title = t("catalogue.files.confirmDelete.title", { name: file.fileName });
  return (
    <section id={DELETE_FILE_ANCHOR} aria-labelledby="delete-file-title" className="confirmation">
      <ConfirmationContent page={page} file={file} cancelTo={cancelTo} title={<h3 id="delete-file-title">{title}</h3>} />
    </section>
  );
}
