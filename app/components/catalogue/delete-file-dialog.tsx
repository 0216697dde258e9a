import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { useNavigate } from "react-router";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { DELETE_FILE_ANCHOR } from "#app/lib/catalogue/catalogue-steps.ts";
import { ConfirmationContent, type DeleteFileConfirmationProps } from "./delete-file-content.tsx";

/** The confirmation with JavaScript (see DeleteFileConfirmation): a Headless UI dialog, fetched after the page's first scripts. */
export function DeleteFileDialog({ page, file, cancelTo, onCancel }: DeleteFileConfirmationProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = t("catalogue.files.confirmDelete.title", { name: file.fileName });
  return (
    <Dialog open onClose={() => (onCancel ? onCancel() : navigate(cancelTo, { replace: true, preventScrollReset: true }))} className="dialog">
      <div className="dialog__backdrop" aria-hidden="true" />
      <div className="dialog__frame">
        <DialogPanel className="dialog__panel confirmation" id={DELETE_FILE_ANCHOR}>
          <ConfirmationContent page={page} file={file} cancelTo={cancelTo} onCancel={onCancel} title={<DialogTitle as="h2">{title}</DialogTitle>} />
        </DialogPanel>
      </div>
    </Dialog>
  );
}
