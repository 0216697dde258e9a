import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import type { ReactNode } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import { DELETE_FILE_ANCHOR } from "#app/lib/catalogue/catalogue-steps.ts";

/**
 * "Delete catalogue.csv?": the review step before a file is deleted, naming it and what goes with it; its button is
 * the only one that deletes. Without JavaScript (and before hydration) a section at the top of the files, which the
 * address's anchor scrolls to; with it the same as a dialog. "Keep the file" returns to `cancelTo`.
 */
export function DeleteFileConfirmation({
  page,
  file,
  cancelTo,
  onCancel,
}: {
  page: string;
  file: { id: string; fileName: string };
  cancelTo: string;
  /** Where the question was asked without a change of address (a click with JavaScript): closing it just closes it. */
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const title = t("catalogue.files.confirmDelete.title", { name: file.fileName });
  if (!hydrated) {
    return (
      <section id={DELETE_FILE_ANCHOR} aria-labelledby="delete-file-title" className="confirmation">
        <ConfirmationContent page={page} file={file} cancelTo={cancelTo} title={<h3 id="delete-file-title">{title}</h3>} />
      </section>
    );
  }
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

function ConfirmationContent({
  page,
  file,
  cancelTo,
  onCancel,
  title,
}: {
  page: string;
  file: { id: string; fileName: string };
  cancelTo: string;
  onCancel?: () => void;
  title: ReactNode;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const deleting = navigation.state === "submitting" && navigation.formData?.get("intent") === "delete";
  return (
    <>
      {title}
      <p>{t("catalogue.files.confirmDelete.body", { name: file.fileName })}</p>
      <Form method="post" action={page} className="confirmation__actions">
        <input type="hidden" name="fileId" value={file.id} />
        <input type="hidden" name="fileName" value={file.fileName} />
        <input type="hidden" name="confirmed" value="yes" />
        <button type="submit" name="intent" value="delete" className="button button--danger" disabled={deleting}>
          {deleting ? t("catalogue.files.confirmDelete.deleting") : t("catalogue.files.confirmDelete.confirm", { name: file.fileName })}
        </button>
        <Link
          to={cancelTo}
          replace
          preventScrollReset
          onClick={(event) => {
            if (!onCancel) return;
            event.preventDefault();
            onCancel();
          }}
          className="button button--secondary"
        >
          {t("catalogue.files.confirmDelete.keep")}
        </Link>
      </Form>
    </>
  );
}
