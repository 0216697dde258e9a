import { FileField, SelectField, TextField } from "#app/components/ui/fields.tsx";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { pagePath } from "#app/lib/home/my-company-changes.ts";
import { ChangeForm } from "#app/components/home/change-form.tsx";
import { useChangeForm, type ChangeFormProps } from "./use-change-form.ts";

/**
 * A new version of a legal document: which one, and the file (PDF, JPEG or PNG, at most 5 MB); an ID document also
 * the date it expires (asked of every kind, so the form works without a script; the others ignore it).
 */
export function LegalDocumentForm({ documentKinds, ...props }: ChangeFormProps & { documentKinds: readonly string[] }) {
  const { t } = useTranslation();
  const [form, fields] = useChangeForm(
    "LEGAL_DOCUMENT",
    () => import("#contract/changes/legal-document.ts").then((module) => module.LegalDocumentChange),
    props,
  );
  return (
    <ChangeForm form={form} cancelTo={pagePath("LEGAL_DOCUMENT")} replaces={props.replaces} multipart>
      <SelectField field={fields.documentKind} options={documentKinds.map((kind) => ({ value: kind, label: t(`myCompany.legalDocuments.kinds.${kind}`) }))} />
      <FileField field={fields.file} hint={t("myCompany.changes.hints.file")} />
      <TextField field={fields.expiryDate} type="date" hint={t("myCompany.changes.hints.expiryDate")} />
    </ChangeForm>
  );
}
