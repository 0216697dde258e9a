import type { CatalogueFormat } from "#contract/catalogue-analysis.ts";
import { catalogueEncodings, maxHeaderRow } from "#contract/catalogue-kinds.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Form, useSubmit } from "react-router";
import { ErrorSummary, type SummaryItem, type UpstreamFailureView } from "./form-errors.tsx";
import { FieldError } from "#app/components/ui/fields.tsx";
import { delimiterName, delimiterNames, formatInWords, type DelimiterName } from "#app/lib/catalogue/file-review.ts";
import { HeaderRowQuestion } from "./header-row-question.tsx";
import { PreviewTable } from "./preview-table.tsx";

export type FormatOverrideFields = { encoding: string; delimiter: string; headerRow: string; sheet: string };

/** The seller's override of how the file is read: what was typed, its errors, and the preview it gives (never stored). */
export type FormatOverrideView = {
  values: FormatOverrideFields;
  /** Field → message keys below `catalogueIntelligence.reading.errors`. */
  errors: Partial<Record<keyof FormatOverrideFields, string[]>>;
  /** The settings read no catalogue (translated): the form stays open to change them. */
  unreadable: string | null;
  preview: { format: Pick<CatalogueFormat, "encoding" | "delimiter" | "headerRow" | "sheet">; rows: string[][] } | null;
  failure: UpstreamFailureView | null;
  /** true: the POST "read the file this way" failed, false: a GET preview. */
  posted: boolean;
};

type FileReadingProps = {
  fileId: string;
  fileName: string;
  format: CatalogueFormat;
  preview: string[][];
  override: FormatOverrideView | null;
  /** Shown, not changed: the format in words and the preview, without the question or the override. */
  readOnly: boolean;
  reading: boolean;
  /** The file's first rows as they are (the analysis's `topRows`): with them, an unsure header row is asked about. */
  topRows?: readonly (readonly string[])[];
  /** The page the forms go to (its loader shows a preview, its action reads the file again). */
  action?: string;
};

const FIELD_IDS: Record<keyof FormatOverrideFields, string> = {
  encoding: "reading-encoding",
  delimiter: "reading-delimiter",
  headerRow: "reading-header-row",
  sheet: "reading-sheet",
};

/**
 * "How we read your file": the detected format in words, a disclosure with
 * the override (a GET form: the preview for other settings, nothing saved;
 * its second button posts the same fields to read and check the file that
 * way), and the first rows as a table. With JavaScript the preview follows
 * each change of a select.
 */
export function FileReading({ fileId, fileName, format, preview, override, readOnly, reading, topRows, action = "/upload/catalog" }: FileReadingProps) {
  const { t, i18n } = useTranslation();
  const submit = useSubmit();
  const workbook = format.encoding === null;
  const values: FormatOverrideFields = override?.values ?? {
    encoding: format.encoding ?? "",
    delimiter: format.delimiter ? delimiterName(format.delimiter) : "",
    headerRow: String(format.headerRow),
    sheet: format.sheet ?? "",
  };
  const errors = override?.errors ?? {};
  const errorText = (field: keyof FormatOverrideFields) => errors[field]?.map((key) => t(`catalogueIntelligence.reading.errors.${key}`, { max: maxHeaderRow }));
  const summary: SummaryItem[] = [
    ...(override?.unreadable ? [{ fieldId: workbook ? FIELD_IDS.sheet : FIELD_IDS.encoding, message: override.unreadable }] : []),
    ...(Object.keys(FIELD_IDS) as (keyof FormatOverrideFields)[]).flatMap((field) =>
      (errorText(field) ?? []).map((message) => ({ fieldId: FIELD_IDS[field], message })),
    ),
  ];
  const shownPreview = override?.preview ?? null;
  const previewRows = shownPreview?.rows ?? preview;
  const previewHeaderRow = shownPreview?.format.headerRow ?? format.headerRow;

  const follow = (form: HTMLFormElement | null) => {
    if (form) submit(form, { method: "get", action, preventScrollReset: true, replace: true });
  };
  const caption = t("catalogueIntelligence.preview.caption", { count: previewRows.length, name: fileName });

  if (format.bmecat) {
    // A BMEcat catalogue is read by its structure: nothing about it to override.
    return (
      <section aria-labelledby="reading-title" className="file-reading">
        <h2 id="reading-title">{t("catalogueIntelligence.reading.title")}</h2>
        <p className="file-reading__format">
          <strong>{formatInWords(t, format, i18n.language)}</strong>
        </p>
        <p>{t("catalogueIntelligence.reading.bmecatLead")}</p>
        <PreviewTable id="file-preview" rows={preview} headerRow={format.headerRow} caption={caption} />
        <p className="field__hint">{t("catalogueIntelligence.preview.scrollHint")}</p>
      </section>
    );
  }
  const asked = !readOnly && format.headerRowSure === false && format.detected && topRows && topRows.length > 0;

  return (
    <section aria-labelledby="reading-title" className="file-reading">
      <h2 id="reading-title">{t("catalogueIntelligence.reading.title")}</h2>
      <p className="file-reading__format">
        <strong>{formatInWords(t, format, i18n.language)}</strong>{" "}
        <span className="file-reading__source">
          {format.detected ? t("catalogueIntelligence.reading.detected") : t("catalogueIntelligence.reading.overridden")}
        </span>
      </p>
      {asked ? <HeaderRowQuestion fileId={fileId} fileName={fileName} format={format} topRows={topRows} action={action} reading={reading} /> : null}
      {readOnly ? null : (
        <details className="file-reading__change" open={override !== null}>
          <summary>{t("catalogueIntelligence.reading.change")}</summary>
          <p id="reading-lead">{t("catalogueIntelligence.reading.changeLead")}</p>
          <ErrorSummary items={summary} upstream={override?.failure ?? null} />
          <Form method="get" action={action} preventScrollReset className="file-reading__form" aria-describedby="reading-lead">
            <input type="hidden" name="fileId" value={fileId} />
            <fieldset disabled={reading}>
              <div className="file-reading__fields">
                {workbook ? (
                  <div className="field">
                    <label htmlFor={FIELD_IDS.sheet}>{t("catalogueIntelligence.reading.sheet")}</label>
                    <select id={FIELD_IDS.sheet} name="sheet" defaultValue={values.sheet} onChange={(event) => follow(event.currentTarget.form)}>
                      {format.sheets.map((sheet) => (
                        <option key={sheet} value={sheet}>
                          {sheet}
                        </option>
                      ))}
                    </select>
                    <FieldError id={`${FIELD_IDS.sheet}-error`} errors={errorText("sheet")} />
                  </div>
                ) : (
                  <>
                    <OverrideSelect
                      name="encoding"
                      label={t("catalogueIntelligence.reading.encoding")}
                      value={values.encoding}
                      errors={errorText("encoding")}
                      options={catalogueEncodings.map((encoding) => ({ value: encoding, label: t(`catalogueIntelligence.reading.encodings.${encoding}`) }))}
                      follow={follow}
                    />
                    <OverrideSelect
                      name="delimiter"
                      label={t("catalogueIntelligence.reading.delimiter")}
                      value={values.delimiter}
                      errors={errorText("delimiter")}
                      options={(Object.keys(delimiterNames) as DelimiterName[]).map((name) => ({
                        value: name,
                        label: t(`catalogueIntelligence.reading.delimiters.${name}`),
                      }))}
                      follow={follow}
                    />
                  </>
                )}
                <div className="field">
                  <label htmlFor={FIELD_IDS.headerRow}>{t("catalogueIntelligence.reading.headerRow")}</label>
                  <p id={`${FIELD_IDS.headerRow}-hint`} className="field__hint">
                    {t("catalogueIntelligence.reading.headerRowHint", { max: maxHeaderRow })}
                  </p>
                  <input
                    id={FIELD_IDS.headerRow}
                    name="headerRow"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={maxHeaderRow}
                    defaultValue={values.headerRow}
                    aria-invalid={errors.headerRow ? true : undefined}
                    aria-describedby={`${FIELD_IDS.headerRow}-hint${errors.headerRow ? ` ${FIELD_IDS.headerRow}-error` : ""}`}
                    onChange={(event) => {
                      if (event.currentTarget.validity.valid && event.currentTarget.value !== "") follow(event.currentTarget.form);
                    }}
                  />
                  <FieldError id={`${FIELD_IDS.headerRow}-error`} errors={errorText("headerRow")} />
                </div>
              </div>
              <div className="file-reading__actions">
                <button type="submit" className="button button--secondary">
                  {t("catalogueIntelligence.reading.showPreview")}
                </button>
                <button type="submit" formMethod="post" name="intent" value="read" className="button button--primary">
                  {reading ? t("catalogueIntelligence.reading.applying") : t("catalogueIntelligence.reading.apply")}
                </button>
              </div>
            </fieldset>
          </Form>
        </details>
      )}
      <PreviewTable
        id="file-preview"
        rows={previewRows}
        headerRow={previewHeaderRow}
        caption={shownPreview ? `${t("catalogueIntelligence.reading.previewOf")}: ${formatInWords(t, shownPreview.format, i18n.language)}` : caption}
      />
      <p className="field__hint">{t("catalogueIntelligence.preview.scrollHint")}</p>
    </section>
  );
}

/** One of the override's selects, its error tied to it; with JavaScript the preview follows each change. */
function OverrideSelect({
  name,
  label,
  value,
  errors,
  options,
  follow,
}: {
  name: "encoding" | "delimiter";
  label: string;
  value: string;
  /** The field's messages; present (even empty) when the field was refused. */
  errors: string[] | undefined;
  options: { value: string; label: string }[];
  follow: (form: HTMLFormElement | null) => void;
}) {
  const id = FIELD_IDS[name];
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        defaultValue={value}
        aria-invalid={errors ? true : undefined}
        aria-describedby={errors ? `${id}-error` : undefined}
        onChange={(event) => follow(event.currentTarget.form)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} errors={errors} />
    </div>
  );
}
