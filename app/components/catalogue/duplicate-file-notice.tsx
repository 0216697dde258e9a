import { Form, Link, useNavigation } from "react-router";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { DUPLICATE_ANCHOR, type DuplicateView } from "#app/lib/catalogue/catalogue-steps.ts";
import { formatMoment } from "#app/lib/intl-formats.ts";

/**
 * Right after an upload that repeats one of the seller's files: which file it repeats and why it counts as the
 * same, then the choice. "Delete the new copy" deletes the file just uploaded (the notice names it: it is its own
 * confirmation), "Keep both" goes on to the file's review.
 */
export function DuplicateFileNotice({ page, file, duplicates }: { page: string; file: { id: string; fileName: string }; duplicates: DuplicateView[] }) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const deleting = navigation.state === "submitting" && navigation.formData?.get("intent") === "delete";
  const byContent = duplicates.some((duplicate) => duplicate.reason === "content");
  const others = duplicates.map((duplicate) =>
    t("catalogue.duplicate.other", { name: duplicate.fileName, date: formatMoment(i18n.language, duplicate.uploadedAt) }),
  );
  return (
    <section id={DUPLICATE_ANCHOR} aria-labelledby="duplicate-title" className="confirmation confirmation--notice">
      <h2 id="duplicate-title">{t("catalogue.duplicate.title")}</h2>
      <p>
        {t(byContent ? "catalogue.duplicate.sameContent" : "catalogue.duplicate.sameNameAndSize", {
          name: file.fileName,
          others: others.join("; "),
        })}
      </p>
      <Form method="post" action={page} className="confirmation__actions">
        <input type="hidden" name="fileId" value={file.id} />
        <input type="hidden" name="fileName" value={file.fileName} />
        <input type="hidden" name="confirmed" value="yes" />
        <button type="submit" name="intent" value="delete" className="button button--secondary" disabled={deleting}>
          {deleting ? t("catalogue.files.confirmDelete.deleting") : t("catalogue.duplicate.drop")}
        </button>
        <Link to={`${page}?fileId=${encodeURIComponent(file.id)}`} replace className="button button--secondary">
          {t("catalogue.duplicate.keep")}
        </Link>
      </Form>
    </section>
  );
}
