import type { FieldMetadata } from "@conform-to/react";
import { companyDocumentKinds } from "#contract/onboarding-document-kinds.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Form } from "react-router";
import { FileField } from "#app/components/ui/fields.tsx";
import { StepForm } from "#app/components/onboarding/step-form.tsx";
import { useStepForm } from "#app/components/onboarding/use-step-form.ts";
import { CompanyDocumentLink } from "#app/components/onboarding/company-document-link.tsx";
import type { StepFormProps } from "./step-form-props.ts";
import { DataTable } from "#app/components/ui/data-table.tsx";
import { numberFormat, dateTimeFormat } from "#app/lib/intl-formats.ts";

function formatSize(bytes: number, language: string): string {
  return numberFormat(language, { style: "unit", unit: bytes >= 1024 * 1024 ? "megabyte" : "kilobyte", maximumFractionDigits: 1 }).format(
    bytes >= 1024 * 1024 ? bytes / (1024 * 1024) : Math.max(bytes / 1024, 0.1),
  );
}

/** The company's documents: what is required for its legal form, what is there (download, delete), and uploads. */
export function DocumentsFields({ data, result }: StepFormProps<"documents">) {
  const { t, i18n } = useTranslation();
  const { documents, requiredKinds } = data;
  const [form, fields] = useStepForm("documents", () => import("#contract/onboarding-documents.ts").then((module) => module.DocumentsStep), null, result);
  const date = dateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: "UTC" });
  return (
    <>
      <h3>{t("onboarding.documents.uploaded")}</h3>
      <DataTable
        className="table documents-table"
        columns={[
          t("onboarding.documents.table.kind"),
          t("onboarding.documents.table.file"),
          t("onboarding.documents.table.size"),
          t("onboarding.documents.table.uploadedAt"),
          t("onboarding.documents.table.actions"),
        ]}
      >
        {companyDocumentKinds.map((kind) => {
          const document = documents.find((candidate) => candidate.kind === kind);
          const required = requiredKinds.includes(kind);
          return (
            <tr key={kind}>
              <th scope="row">
                {t(`onboarding.documents.kinds.${kind}`)}{" "}
                <span className="documents-table__requirement">({required ? t("onboarding.documents.required") : t("onboarding.documents.notRequired")})</span>
              </th>
              {document ? (
                <>
                  <td>
                    <CompanyDocumentLink document={document} />
                  </td>
                  <td>{formatSize(document.size, i18n.language)}</td>
                  <td>{date.format(new Date(document.uploadedAt))}</td>
                  <td>
                    <Form method="post" encType="multipart/form-data">
                      <button type="submit" name="delete" value={document.id} className="button button--secondary button--small">
                        {t("onboarding.documents.delete", { name: document.fileName })}
                      </button>
                    </Form>
                  </td>
                </>
              ) : (
                <td colSpan={4} className={required ? "table__missing" : undefined}>
                  {required ? t("onboarding.documents.missing") : "—"}
                </td>
              )}
            </tr>
          );
        })}
      </DataTable>
      <h3>{t("onboarding.documents.upload")}</h3>
      <p className="field__hint">{t("onboarding.documents.uploadHint")}</p>
      <StepForm form={form} multipart>
        {companyDocumentKinds.map((kind) => {
          // A required document stays required once uploaded: choosing a file then replaces it, which the hint says.
          const saved = documents.find((document) => document.kind === kind);
          return (
            <FileField
              key={kind}
              field={(fields as Record<string, FieldMetadata<unknown>>)[kind]!}
              label={t(`onboarding.documents.kinds.${kind}`)}
              optional={!requiredKinds.includes(kind)}
              hint={saved ? t("onboarding.documents.replaceHint", { name: saved.fileName }) : undefined}
            />
          );
        })}
      </StepForm>
    </>
  );
}
