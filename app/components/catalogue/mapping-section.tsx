import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { marketplaceFields, requiredCatalogueFields } from "@contract/catalogue";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import type { z } from "zod";
import { MappingSchema } from "~/lib/catalogue-mapping";
import { FieldPicker } from "./field-picker";
import { ErrorSummary, FieldErrors, type SummaryItem, type UpstreamFailureView } from "./form-errors";

export type MappingColumnView = { header: string; samples: string[]; field: string | null };
export type MappingView = { fileId: string; fileName: string; columns: MappingColumnView[] };

/** A file's columns, their sample values and each one's marketplace field: a plain form, a combobox per column with JavaScript. */
export function MappingSection({
  mapping,
  disabled,
  lastResult,
  failure,
  saving,
  loading,
}: {
  mapping: MappingView;
  disabled: boolean;
  lastResult: SubmissionResult<string[]> | null | undefined;
  failure: UpstreamFailureView | null;
  saving: boolean;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const [form, fields] = useForm<z.infer<typeof MappingSchema>>({
    id: `mapping-${mapping.fileId}`,
    lastResult,
    defaultValue: {
      intent: "map",
      fileId: mapping.fileId,
      columns: mapping.columns.map((column) => ({ header: column.header, field: column.field ?? undefined })),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: MappingSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const columns = fields.columns.getFieldList();
  const message = (key: string) => {
    const [path, field] = key.split(":");
    return t(`catalogue.${path}`, { field: field ? t(`catalogue.fields.${field}`) : "" });
  };
  const options = marketplaceFields.map((field) => ({
    value: field,
    label: (requiredCatalogueFields as readonly string[]).includes(field) ? `${t(`catalogue.fields.${field}`)} (${t("catalogue.fields.required")})` : t(`catalogue.fields.${field}`),
  }));
  const firstSelectId = columns[0]?.getFieldset().field.id;
  const summary: SummaryItem[] = [
    ...(form.errors ?? []).map((key) => ({ fieldId: firstSelectId, message: message(key) })),
    ...columns.flatMap((column, index) =>
      (column.getFieldset().field.errors ?? []).map((key) => ({
        fieldId: column.getFieldset().field.id,
        message: `${mapping.columns[index]?.header}: ${message(key)}`,
      })),
    ),
  ].filter((item, index, all) => all.findIndex((other) => other.message === item.message) === index);

  return (
    <section aria-labelledby="mapping-title" className="mapping">
      <h2 id="mapping-title">{t("catalogue.mapping.title")}</h2>
      <p>{t("catalogue.mapping.lead", { name: mapping.fileName })}</p>
      <ErrorSummary items={summary} upstream={failure} />
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="map" />
        <input type="hidden" name="fileId" value={mapping.fileId} />
        <fieldset disabled={disabled || saving}>
          <div className="table-scroll">
            <table className="table mapping__table">
              <thead>
                <tr>
                  <th scope="col">{t("catalogue.mapping.column")}</th>
                  <th scope="col">{t("catalogue.mapping.samples")}</th>
                  <th scope="col">{t("catalogue.mapping.field")}</th>
                </tr>
              </thead>
              <tbody>
                {columns.map((column, index) => {
                  const { header, field } = column.getFieldset();
                  const source = mapping.columns[index]!;
                  const errors = field.errors?.map(message);
                  return (
                    <tr key={column.key}>
                      <th scope="row">
                        {source.header}
                        <input type="hidden" name={header.name} value={source.header} />
                      </th>
                      <td>
                        <ul className="mapping__samples">
                          {source.samples.map((sample, sampleIndex) => (
                            <li key={sampleIndex}>{sample === "" ? <span className="mapping__empty">{t("catalogue.mapping.empty")}</span> : sample}</li>
                          ))}
                        </ul>
                      </td>
                      <td>
                        <FieldPicker
                          id={field.id}
                          name={field.name}
                          label={t("catalogue.mapping.fieldFor", { header: source.header })}
                          options={options}
                          defaultValue={(field.initialValue as string | undefined) ?? ""}
                          emptyLabel={t("catalogue.mapping.unassigned")}
                          invalid={Boolean(errors?.length)}
                          describedBy={errors?.length ? field.errorId : undefined}
                          disabled={disabled || saving}
                          loading={loading}
                        />
                        <FieldErrors id={field.errorId} errors={errors} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <button type="submit" className="button button--primary">
            {saving ? t("catalogue.mapping.saving") : t("catalogue.mapping.save")}
          </button>
        </fieldset>
      </Form>
    </section>
  );
}
