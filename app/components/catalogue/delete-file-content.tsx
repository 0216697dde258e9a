import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";

export type DeleteFileConfirmationProps = {
  page: string;
  file: { id: string; fileName: string };
  cancelTo: string;
  /** Where the question was asked without a change of address (a click with JavaScript): closing it just closes it. */
  onCancel?: () => void;
};

/** The question, what goes with the file, and the two answers: in the section without JavaScript and in the dialog. */
export function ConfirmationContent({
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
