import { useForm, type SubmissionResult } from "@conform-to/react";
import { marketplaceFields, requiredCatalogueFields } from "#contract/catalogue-names.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { useState, type ReactNode } from "react";
import { Form } from "react-router";
import type { z } from "zod";
import { confidencePercent } from "#app/lib/catalogue/file-review.ts";
import type { MappingSchema } from "#app/lib/catalogue/mapping.ts";
import { useSchemaCheck } from "#app/components/ui/use-schema-check.ts";
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

/** The marketplace fields as choices, each required one marked so. */
function useFieldOptions() {
  const { t } = useTranslation();
  return marketplaceFields.map((field) => ({
    value: field,
    label: (requiredCatalogueFields as readonly string[]).includes(field)
      ? `${t(`catalogue.fields.${field}`)} (${t("catalogue.fields.required")})`
      : t(`catalogue.fields.${field}`),
  }));
}

/**
 * A file's columns, each with its marketplace field and its sample values: a plain form (a native select per column),
 * a searchable combobox per column with JavaScript. Read-only (`readOnly`: a viewer, a file that can no longer change)
 * it is text, never greyed controls.
 */
export function MappingSection(props: {
  mapping: MappingView;
  readOnly: boolean;
  lastResult: SubmissionResult<string[]> | null | undefined;
  failure: UpstreamFailureView | null;
  saving: boolean;
  loading: boolean;
}) {
  return props.readOnly ? <MappingText mapping={props.mapping} /> : <EditableMapping {...props} />;
}

/** The columns as the grid lays them out: a table on a wide screen, one card per column on a narrow one (catalogue.css). */
function MappingTable({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <DataTable
      className="table mapping__table"
      frameClassName="mapping__frame"
      labelledBy="mapping-title"
      landmark={false}
      columns={[
        { label: t("catalogue.mapping.column"), className: "mapping__column-head" },
        { label: t("catalogue.mapping.field"), className: "mapping__field-head" },
        { label: t("catalogue.mapping.samples"), className: "mapping__samples-head" },
      ]}
    >
      {children}
    </DataTable>
  );
}

/** A column's sample values, under their heading's words where the table is laid out as cards. */
function SamplesCell({ samples }: { samples: string[] }) {
  const { t } = useTranslation();
  return (
    <td className="mapping__samples-cell">
      <span className="cell-label" aria-hidden="true">
        {t("catalogue.mapping.samples")}
      </span>
      <ul className="mapping__samples">
        {samples.map((sample, sampleIndex) => (
          <li key={sampleIndex}>{sample === "" ? <span className="mapping__empty">{t("catalogue.mapping.empty")}</span> : sample}</li>
        ))}
      </ul>
    </td>
  );
}

/** The mapping read-only: each column's saved field in words ("Not assigned" where none, or where nothing is saved yet). */
function MappingText({ mapping }: { mapping: MappingView }) {
  const { t } = useTranslation();
  const options = useFieldOptions();
  const saved = mapping.prefill === "saved" || mapping.prefill === "remembered";
  return (
    <section aria-labelledby="mapping-title" className="mapping">
      <h2 id="mapping-title">{t("catalogue.mapping.title")}</h2>
      <p>{t(saved ? "catalogue.mapping.readOnlyLead" : "catalogue.mapping.readOnlyUnmapped", { name: mapping.fileName })}</p>
      <MappingTable>
        {mapping.columns.map((column, index) => {
          const field = saved ? options.find((option) => option.value === column.field) : undefined;
          return (
            <tr key={index}>
              <th scope="row" className="mapping__name">
                {column.header}
              </th>
              <td className="mapping__field">{field ? field.label : <span className="mapping__unassigned">{t("catalogue.mapping.unassigned")}</span>}</td>
              <SamplesCell samples={column.samples} />
            </tr>
          );
        })}
      </MappingTable>
    </section>
  );
}

/** Which columns (by index) each field is chosen for. */
function columnsByField(chosen: readonly string[]): Map<string, number[]> {
  const byField = new Map<string, number[]>();
  chosen.forEach((field, index) => {
    if (field) byField.set(field, [...(byField.get(field) ?? []), index]);
  });
  return byField;
}

function EditableMapping({
  mapping,
  lastResult,
  failure,
  saving,
  loading,
}: {
  mapping: MappingView;
  lastResult: SubmissionResult<string[]> | null | undefined;
  failure: UpstreamFailureView | null;
  saving: boolean;
  loading: boolean;
}) {
  const { t } = useTranslation();
  // The schema (and zod) once the page is hydrated; the server's check until then (ADR 037).
  const check = useSchemaCheck(() => import("#app/lib/catalogue/mapping.ts").then((rules) => rules.MappingSchema));
  const [form, fields] = useForm<z.infer<typeof MappingSchema>>({
    id: `mapping-${mapping.fileId}`,
    lastResult: resultOf(mapping, lastResult),
    defaultValue: {
      intent: "map",
      fileId: mapping.fileId,
      columns: mapping.columns.map((column) => ({ header: column.header, field: column.field ?? undefined })),
    },
    onValidate: check,
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
  const fieldOptions = useFieldOptions();

  // What each column holds now: the saved choices, then each change as it is made, so that a field taken by another
  // column says so in every picker before the form is sent. Started afresh whenever the pickers are (conform's keys).
  const saved = columns.map((column) => (column.initialValue as string | undefined) ?? "");
  const start = keys.join("\n") + "\n" + saved.join("\n");
  const [choices, setChoices] = useState({ start, chosen: saved });
  if (choices.start !== start) setChoices({ start, chosen: saved });
  const chosen = choices.start === start ? choices.chosen : saved;
  const byField = columnsByField(chosen);
  const choose = (index: number, value: string) =>
    setChoices((current) => ({ start: current.start, chosen: current.chosen.map((field, other) => (other === index ? value : field)) }));
  const othersOf = (field: string, index: number) =>
    (byField.get(field) ?? []).filter((other) => other !== index).map((other) => mapping.columns[other]!.header);

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
        <fieldset>
          <MappingTable>
            {columns.map((field, index) => {
              const source = mapping.columns[index]!;
              const errors = field.errors?.map(message);
              const clash = chosen[index] ? othersOf(chosen[index], index) : [];
              const clashId = `${field.id}-clash`;
              return (
                <tr key={keys[index] ?? index} className={source.suggestion?.change ? "mapping__row--changed" : undefined}>
                  <th scope="row" className="mapping__name">
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
                  <td className="mapping__field">
                    <FieldPicker
                      id={field.id}
                      name={field.name}
                      label={t("catalogue.mapping.fieldFor", { header: source.header })}
                      options={fieldOptions.map((option) => ({ ...option, assignedTo: othersOf(option.value, index) }))}
                      defaultValue={(field.initialValue as string | undefined) ?? ""}
                      emptyLabel={t("catalogue.mapping.unassigned")}
                      invalid={Boolean(errors?.length)}
                      describedBy={
                        [errors?.length ? field.errorId : null, clash.length ? clashId : null, source.suggestion ? `${field.id}-suggestion` : null]
                          .filter(Boolean)
                          .join(" ") || undefined
                      }
                      disabled={saving}
                      loading={loading}
                      onChange={(value) => choose(index, value)}
                    />
                    <FieldError id={field.errorId} errors={errors} />
                    {clash.length ? (
                      <p id={clashId} className="mapping__clash">
                        {t("catalogue.mapping.clash", {
                          count: clash.length,
                          field: fieldOptions.find((option) => option.value === chosen[index])?.label ?? chosen[index],
                          columns: clash.join(", "),
                        })}
                      </p>
                    ) : null}
                    {source.suggestion ? <SuggestionNote id={`${field.id}-suggestion`} suggestion={source.suggestion} prefilled={source.field} /> : null}
                  </td>
                  <SamplesCell samples={source.samples} />
                </tr>
              );
            })}
          </MappingTable>
          <button type="submit" className="button button--primary" disabled={saving}>
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
