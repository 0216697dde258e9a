import { useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { IntegrationInfo } from "#contract/catalogue.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Form, useNavigation } from "react-router";
import { returnFormSchema } from "#app/lib/catalogue/return-form.ts";
import { ErrorSummary } from "#app/components/ui/error-summary.tsx";
import { FormFields, readFormProps } from "#app/components/ui/field-reading.tsx";
import { TextAreaField } from "#app/components/ui/fields.tsx";

/** The schema's limits as HTML attributes (required, maxlength…), worked out once rather than on each render. */
const constraint = getZodConstraint(returnFormSchema);

/**
 * "Return to seller": why the catalogue goes back, in general and per file.
 * The seller is back to editing and reads these reasons on their task list
 * and catalogue page; everything typed stays when the form comes back.
 */
export function ReturnForm({ info, lastResult }: { info: IntegrationInfo; lastResult: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const returning = navigation.state === "submitting" && navigation.formData?.get("intent") === "return";
  const formId = `return-${info.sellerId}`;
  const [form, fields] = useForm({
    id: formId,
    lastResult,
    constraint,
    defaultValue: { files: info.files.map((file) => ({ fileId: file.id, reason: "" })) },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: returnFormSchema }),
  });
  const fileFields = fields.files.getFieldList();
  const fileName = (index: number) => info.files[index]?.fileName ?? "";
  const summary = [
    ...(fields.reason.errors ?? []).map((message) => ({ fieldId: fields.reason.id, label: t("catalogueReturn.form.reason"), message: t(message) })),
    ...fileFields.flatMap((field, index) => {
      const reason = field.getFieldset().reason;
      return (reason.errors ?? []).map((message) => ({
        fieldId: reason.id,
        label: t("catalogueReturn.form.fileReason", { name: fileName(index) }),
        message: t(message),
      }));
    }),
  ];
  return (
    <section aria-labelledby="return-catalogue-title" id="return-catalogue" className="integration__return">
      <h3 id="return-catalogue-title">{t("catalogueReturn.form.title")}</h3>
      <p>{t("catalogueReturn.form.lead", { name: info.sellerName })}</p>
      <Form method="post" {...readFormProps(form)} className="integration__return-form">
        <ErrorSummary entries={form.status === "error" ? summary : []} focusKey={lastResult} />
        <input type="hidden" name="intent" value="return" />
        <input type="hidden" name="sellerId" value={info.sellerId} />
        <FormFields formId={formId} initialValue={form.initialValue} constraint={constraint}>
          <TextAreaField field={fields.reason} label={t("catalogueReturn.form.reason")} hint={t("catalogueReturn.form.reasonHint")} rows={5} />
          {fileFields.map((field, index) => {
            const { fileId, reason } = field.getFieldset();
            return (
              <div key={field.key}>
                <input type="hidden" name={fileId.name} value={info.files[index]?.id ?? ""} />
                <TextAreaField field={reason} label={t("catalogueReturn.form.fileReason", { name: fileName(index) })} optional rows={3} />
              </div>
            );
          })}
        </FormFields>
        <button type="submit" className="button button--secondary" disabled={returning} aria-busy={returning || undefined}>
          {returning ? t("catalogueReturn.form.returning") : t("catalogueReturn.form.submit")}
        </button>
      </Form>
    </section>
  );
}
