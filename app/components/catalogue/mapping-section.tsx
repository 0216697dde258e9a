import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { marketplaceFields, requiredCatalogueFields } from "#contract/catalogue.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Form } from "react-router";
import type { z } from "zod";
import { confidencePercent } from "#app/lib/catalogue/file-review.ts";
import { MappingSchema } from "#app/lib/catalogue/mapping.ts";
import { FieldPicker } from "./field-picker.tsx";
import { fieldReading, readForm } from "#app/components/ui/field-reading.tsx";
import { FieldError } from "#app/components/ui/fields.tsx";
import { ErrorSummary, type SummaryItem, type UpstreamFailureView } from "./form-errors.tsx";
import { DataTable } from "#app/components/ui/data-table.tsx";

/** What the portal suggested for a column when it read the file, and how the header compares with the seller's last mapping. */
export type ColumnSuggestionView = {
  field: string | null;
  confidence: number;
  source: "remembered" | "name" | "values" | "none";
  change: "new" | "renamed" | null;
  renamedFrom: string | null;
  /** The header names the field, but the values do not fit it: suggested, not trusted. */
  valuesDisagree?: boolean;
};
export type MappingColumnView = { header: string; samples: string[]; field: string | null; suggestion: ColumnSuggestionView | null };
/** `prefill`: where the form's choices come from: the file's saved mapping, the remembered one, the suggestions, or nothing read yet. */
export type MappingView = { fileId: string; fileName: string; columns: MappingColumnView[]; prefill: "saved" | "remembered" | "suggested" | "none" };

/**
 * A posted mapping comes back only onto the columns it was made for: a form
 * from before the file was replaced or read again names other columns, and
 * its rows would not line up with these.
 */
function resultOf(mapping: MappingView, lastResult: SubmissionResult<string[]> | null | undefined) {
  const posted = lastResult?.initialValue as { fileId?: unknown; columns?: { header?: unknown }[] } | undefined;
  const headers = Array.isArray(posted?.columns) ? posted.columns.map((column) => column?.header) : [];
  const fits =
    posted?.fileId === mapping.fileId &&
    headers.length === mapping.columns.length &&
    headers.every((header, index) => header === mapping.columns[index]!.header);
  return fits ? lastResult : undefined;
}

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
    lastResult: resultOf(mapping, lastResult),
    defaultValue: {
      intent: "map",
      fileId: mapping.fileId,
      columns: mapping.columns.map((column) => ({ header: column.header, field: column.field ?? undefined })),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: MappingSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  // The form's id, saved values and all its errors, read once (readForm): its summary shows every error anyway. Each
  // column's names and ids are conform's own ("columns[2].field"); its key too, which conform renews when it resets
  // the form, so that the pickers start again from the saved values.
  const { reading, props: formProps } = readForm(form);
  const keys = fields.columns.getFieldList().map((column) => column.key);
  const columns = mapping.columns.map((_, index) => ({
    header: `${fields.columns.name}[${index}].header`,
    ...fieldReading(reading, `${fields.columns.name}[${index}].field`),
  }));
  const message = (key: string) => {
    const [path, field] = key.split(":");
    return t(`catalogue.${path}`, { field: field ? t(`catalogue.fields.${field}`) : "" });
  };
  const options = marketplaceFields.map((field) => ({
    value: field,
    label: (requiredCatalogueFields as readonly string[]).includes(field)
      ? `${t(`catalogue.fields.${field}`)} (${t("catalogue.fields.required")})`
      : t(`catalogue.fields.${field}`),
  }));
  const changed = mapping.columns.filter((column) => column.suggestion?.change).length;
  const firstSelectId = columns[0]?.id;
  const summary: SummaryItem[] = [
    ...(reading.errors[""] ?? []).map((key) => ({ fieldId: firstSelectId, message: message(key) })),
    ...columns.flatMap((column, index) =>
      (column.errors ?? []).map((key) => ({
        fieldId: column.id,
        message: `${mapping.columns[index]?.header}: ${message(key)}`,
      })),
    ),
  ].filter((item, index, all) => all.findIndex((other) => other.message === item.message) === index);

  return (
    <section aria-labelledby="mapping-title" className="mapping">
      <h2 id="mapping-title">{t("catalogue.mapping.title")}</h2>
      <p>{t("catalogue.mapping.lead", { name: mapping.fileName })}</p>
      {changed > 0 ? (
        <p className="notice mapping__changes">{t("catalogueIntelligence.suggestion.changedLead", { count: changed })}</p>
      ) : mapping.prefill === "remembered" ? (
        <p className="notice">{t("catalogueIntelligence.suggestion.arrivedMapped")}</p>
      ) : mapping.prefill === "suggested" ? (
        <p>{t("catalogueIntelligence.suggestion.prefilled")}</p>
      ) : null}
      <ErrorSummary items={summary} upstream={failure} />
      <Form method="post" {...formProps}>
        <input type="hidden" name="intent" value="map" />
        <input type="hidden" name="fileId" value={mapping.fileId} />
        {/* The controls are disabled one by one, not by a disabled fieldset: the table's frame must stay a region a keyboard can scroll (a read-only file). */}
        <fieldset>
          <DataTable
            className="table mapping__table"
            labelledBy="mapping-title"
            columns={[t("catalogue.mapping.column"), t("catalogue.mapping.samples"), t("catalogue.mapping.field")]}
          >
            {columns.map((field, index) => {
              const source = mapping.columns[index]!;
              const errors = field.errors?.map(message);
              return (
                <tr key={keys[index] ?? index} className={source.suggestion?.change ? "mapping__row--changed" : undefined}>
                  <th scope="row">
                    {source.header}
                    <input type="hidden" name={field.header} value={source.header} />
                    {source.suggestion?.change ? (
                      <span className="mapping__badge">
                        {source.suggestion.change === "new"
                          ? t("catalogueIntelligence.suggestion.new")
                          : t("catalogueIntelligence.suggestion.renamed", { from: source.suggestion.renamedFrom ?? "" })}
                      </span>
                    ) : null}
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
                      describedBy={
                        [errors?.length ? field.errorId : null, source.suggestion ? `${field.id}-suggestion` : null].filter(Boolean).join(" ") || undefined
                      }
                      disabled={disabled || saving}
                      loading={loading}
                    />
                    <FieldError id={field.errorId} errors={errors} />
                    {source.suggestion ? <SuggestionNote id={`${field.id}-suggestion`} suggestion={source.suggestion} prefilled={source.field} /> : null}
                  </td>
                </tr>
              );
            })}
          </DataTable>
          <button type="submit" className="button button--primary" disabled={disabled || saving}>
            {saving ? t("catalogue.mapping.saving") : t("catalogue.mapping.save")}
          </button>
        </fieldset>
      </Form>
    </section>
  );
}

/** The suggestion as text (never colour alone): remembered, or the suggested field with how sure the portal is. */
function SuggestionNote({ id, suggestion, prefilled }: { id: string; suggestion: ColumnSuggestionView; prefilled: string | null }) {
  const { t } = useTranslation();
  if (suggestion.source === "remembered" && suggestion.field) {
    return (
      <p id={id} className="mapping__suggestion">
        {t("catalogueIntelligence.suggestion.remembered")}
      </p>
    );
  }
  if (!suggestion.field || suggestion.source === "none") {
    return (
      <p id={id} className="mapping__suggestion mapping__suggestion--none">
        {t("catalogueIntelligence.suggestion.none")}
      </p>
    );
  }
  const percent = confidencePercent(suggestion.confidence);
  return (
    <p id={id} className={`mapping__suggestion${percent < 60 || suggestion.valuesDisagree ? " mapping__suggestion--unsure" : ""}`}>
      {prefilled === suggestion.field
        ? t("catalogueIntelligence.suggestion.suggested", { percent })
        : t("catalogueIntelligence.suggestion.suggestedField", { field: t(`catalogue.fields.${suggestion.field}`), percent })}
      {suggestion.source === "values" ? ` (${t("catalogueIntelligence.suggestion.byValues")})` : null}
      {suggestion.valuesDisagree ? (
        <span className="mapping__doubt"> {t("catalogueIntelligence.suggestion.valuesDisagree", { field: t(`catalogue.fields.${suggestion.field}`) })}</span>
      ) : null}
    </p>
  );
}
