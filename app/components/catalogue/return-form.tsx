import { useForm, type SubmissionResult } from "@conform-to/react";
import type { IntegrationInfo } from "#contract/catalogue.ts";
import type { IntegrationUpdate } from "#contract/catalogue-updates.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Form, useNavigation } from "react-router";
import { RETURN_FORM_CONSTRAINT } from "#app/lib/catalogue/return-form-constraint.ts";
import { useSchemaCheck } from "#app/components/ui/use-schema-check.ts";
import { ErrorSummary } from "#app/components/ui/error-summary.tsx";
import { FormFields, readFormProps } from "#app/components/ui/field-reading.tsx";
import { TextAreaField } from "#app/components/ui/fields.tsx";
import type { Returnables } from "#app/lib/catalogue/returnables.ts";

/** The schema's limits as HTML attributes (required), as conform works them out from it. */
const constraint = RETURN_FORM_CONSTRAINT;

/**
 * "Return to seller": why the catalogue goes back, in general and per file.
 * The seller is back to editing and reads these reasons on their task list
 * and catalogue page; everything typed stays when the form comes back.
 */
export function ReturnForm({
  info,
  lastResult,
  returnables = null,
}: {
  info: IntegrationInfo;
  lastResult: SubmissionResult<string[]> | null;
  /** The seller's category mapping and the products still needing a fix, each returnable on its own. */
  returnables?: Returnables | null;
}) {
  const { t } = useTranslation();
  return (
    <ReasonsForm
      formId={`return-${info.sellerId}`}
      sectionId="return-catalogue"
      hidden={{ intent: "return", sellerId: info.sellerId }}
      files={info.files}
      title={t("catalogueReturn.form.title")}
      lead={t("catalogueReturn.form.lead", { name: info.sellerName })}
      submit={t("catalogueReturn.form.submit")}
      lastResult={lastResult}
      returnables={returnables}
    />
  );
}

/**
 * Returning a catalogue update: the same reasons, in general and per file.
 * The seller reads them on their catalogue page and sends a corrected file as
 * a new update; the live catalogue stays as it is.
 */
export function UpdateReturnForm({ update, lastResult }: { update: IntegrationUpdate; lastResult: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation();
  return (
    <ReasonsForm
      formId={`return-${update.id}`}
      sectionId="return-update"
      hidden={{ intent: "returnUpdate", updateId: update.id }}
      files={update.files}
      title={t("catalogueUpdates.team.returnTitle")}
      lead={t("catalogueUpdates.team.returnLead", { name: update.sellerName })}
      submit={t("catalogueUpdates.team.returnSubmit")}
      lastResult={lastResult}
    />
  );
}

type ReasonsFormProps = {
  formId: string;
  sectionId: string;
  /** What the action needs to know besides the reasons: the intent and whose catalogue or which update. */
  hidden: { intent: string } & Record<string, string>;
  files: readonly { id: string; fileName: string }[];
  title: string;
  lead: string;
  submit: string;
  lastResult: SubmissionResult<string[]> | null;
  returnables?: Returnables | null;
};

function ReasonsForm({ formId, sectionId, hidden, files, title, lead, submit, lastResult, returnables = null }: ReasonsFormProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const returning = navigation.state === "submitting" && navigation.formData?.get("intent") === hidden.intent;
  // The schema (and zod) once the page is hydrated; the server's check until then (ADR 037).
  const check = useSchemaCheck(() => import("#app/lib/catalogue/return-form.ts").then((rules) => rules.returnFormSchema));
  const [form, fields] = useForm({
    id: formId,
    lastResult,
    constraint,
    defaultValue: {
      files: files.map((file) => ({ fileId: file.id, reason: "" })),
      categories: (returnables?.categories ?? []).map((category) => ({ value: category.value, reason: "" })),
      products: (returnables?.products ?? []).map((product) => ({ fileId: product.fileId, row: String(product.row), reason: "" })),
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: check,
  });
  const fileFields = fields.files.getFieldList();
  const fileName = (index: number) => files[index]?.fileName ?? "";
  const categoryFields = fields.categories.getFieldList();
  const productFields = fields.products.getFieldList();
  const categoryLabel = (index: number) => {
    const category = returnables?.categories[index];
    return t("catalogueReturn.form.categoryReason", {
      value: category?.value ?? "",
      category: category?.category ?? t("catalogueReturn.form.categoryUnknown"),
    });
  };
  const productLabel = (index: number) => {
    const product = returnables?.products[index];
    return t("catalogueReturn.form.productReason", { row: product?.row ?? 0, name: product?.fileName ?? "", title: product?.title || "–" });
  };
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
    ...categoryFields.flatMap((field, index) =>
      (field.getFieldset().reason.errors ?? []).map((message) => ({
        fieldId: field.getFieldset().reason.id,
        label: categoryLabel(index),
        message: t(message),
      })),
    ),
    ...productFields.flatMap((field, index) =>
      (field.getFieldset().reason.errors ?? []).map((message) => ({ fieldId: field.getFieldset().reason.id, label: productLabel(index), message: t(message) })),
    ),
  ];
  const titleId = `${sectionId}-title`;
  return (
    <section aria-labelledby={titleId} id={sectionId} className="integration__return">
      <h3 id={titleId}>{title}</h3>
      <p>{lead}</p>
      <Form method="post" {...readFormProps(form)} className="integration__return-form">
        <ErrorSummary entries={form.status === "error" ? summary : []} focusKey={lastResult} />
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <FormFields formId={formId} initialValue={form.initialValue} constraint={constraint}>
          <TextAreaField
            field={fields.reason}
            label={t("catalogueReturn.form.reason")}
            hint={t(returnables ? "catalogueReturn.form.reasonHintItems" : "catalogueReturn.form.reasonHint")}
            rows={5}
          />
          {fileFields.map((field, index) => {
            const { fileId, reason } = field.getFieldset();
            return (
              <div key={field.key}>
                <input type="hidden" name={fileId.name} value={files[index]?.id ?? ""} />
                <TextAreaField field={reason} label={t("catalogueReturn.form.fileReason", { name: fileName(index) })} optional rows={3} />
              </div>
            );
          })}
          {returnables ? (
            <>
              {/* Groups of the form's fields, each named by its legend (a heading here would follow the error summary's). */}
              <fieldset className="integration__return-group">
                <legend>{t("catalogueReturn.form.categoriesTitle")}</legend>
                {returnables.incomplete ? (
                  <p className="notice" role="status">
                    {t("catalogueReturn.form.incomplete")}
                  </p>
                ) : null}
                {categoryFields.length === 0 ? <p>{t("catalogueReturn.form.noCategories")}</p> : null}
                {categoryFields.map((field, index) => {
                  const { value, reason } = field.getFieldset();
                  return (
                    <div key={field.key}>
                      <input type="hidden" name={value.name} value={returnables.categories[index]?.value ?? ""} />
                      <TextAreaField field={reason} label={categoryLabel(index)} optional rows={2} />
                    </div>
                  );
                })}
              </fieldset>
              <fieldset className="integration__return-group">
                <legend>{t("catalogueReturn.form.productsTitle")}</legend>
                {productFields.length === 0 ? <p>{t("catalogueReturn.form.noProducts")}</p> : null}
                {productFields.map((field, index) => {
                  const { fileId, row, reason } = field.getFieldset();
                  return (
                    <div key={field.key}>
                      <input type="hidden" name={fileId.name} value={returnables.products[index]?.fileId ?? ""} />
                      <input type="hidden" name={row.name} value={returnables.products[index]?.row ?? ""} />
                      <TextAreaField field={reason} label={productLabel(index)} optional rows={2} />
                    </div>
                  );
                })}
              </fieldset>
            </>
          ) : null}
        </FormFields>
        <button type="submit" className="button button--secondary" disabled={returning} aria-busy={returning || undefined}>
          {returning ? t("catalogueReturn.form.returning") : submit}
        </button>
      </Form>
    </section>
  );
}
