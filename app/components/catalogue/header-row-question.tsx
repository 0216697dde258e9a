import type { CatalogueFormat } from "#contract/catalogue-analysis.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Form } from "react-router";
import { delimiterName } from "#app/lib/catalogue/file-review.ts";
import { DataTable } from "#app/components/ui/data-table.tsx";

type HeaderRowQuestionProps = {
  fileId: string;
  fileName: string;
  format: CatalogueFormat;
  /** The file's first rows as they are, from row 1. */
  topRows: readonly (readonly string[])[];
  /** Where "read the file this way" posts (the page the question is on). */
  action: string;
  reading: boolean;
};

/** "A", "B", … "AA": a column as the seller's spreadsheet names it. */
function columnLetter(index: number): string {
  let name = "";
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  return name;
}

/**
 * "Which row holds the column names?": asked when the header row was not
 * found with confidence. The file's first rows as they are, one choice per
 * row (the row read as the header chosen), posted as "read the file this
 * way" with the rest of the format kept: a plain form, the same with
 * JavaScript.
 */
export function HeaderRowQuestion({ fileId, fileName, format, topRows, action, reading }: HeaderRowQuestionProps) {
  const { t } = useTranslation();
  const width = Math.max(1, ...topRows.map((row) => row.length));
  const rows = topRows.map((cells, index) => ({ cells, row: index + 1 })).filter(({ cells }) => cells.some((cell) => cell !== ""));
  return (
    <section aria-labelledby="header-question-title" className="header-question" id="header-question">
      <h3 id="header-question-title">{t("catalogueIntelligence.headerQuestion.title")}</h3>
      <p id="header-question-lead">{t("catalogueIntelligence.headerQuestion.lead", { name: fileName, row: format.headerRow })}</p>
      <Form method="post" action={action} preventScrollReset className="header-question__form">
        <input type="hidden" name="fileId" value={fileId} />
        {format.encoding ? <input type="hidden" name="encoding" value={format.encoding} /> : null}
        {format.delimiter ? <input type="hidden" name="delimiter" value={delimiterName(format.delimiter)} /> : null}
        {format.sheet ? <input type="hidden" name="sheet" value={format.sheet} /> : null}
        <fieldset disabled={reading} aria-describedby="header-question-lead">
          <legend>{t("catalogueIntelligence.headerQuestion.legend")}</legend>
          <DataTable
            frameClassName="preview-table"
            labelledBy="header-question-caption"
            className="table preview-table__table"
            caption={<caption id="header-question-caption">{t("catalogueIntelligence.headerQuestion.cellsCaption", { name: fileName })}</caption>}
            columns={[
              { label: t("catalogueIntelligence.headerQuestion.rowColumn"), className: "preview-table__row-number" },
              ...Array.from({ length: width }, (_, index) => columnLetter(index)),
            ]}
          >
            {rows.map(({ cells, row }) => (
              <tr key={row} className={row === format.headerRow ? "header-question__row--chosen" : undefined}>
                <th scope="row" className="header-question__choice">
                  <input type="radio" id={`header-row-${row}`} name="headerRow" value={row} defaultChecked={row === format.headerRow} required />
                  <label htmlFor={`header-row-${row}`}>{t("catalogueIntelligence.headerQuestion.row", { row })}</label>
                </th>
                {Array.from({ length: width }, (_, index) => (
                  <td key={index}>{cells[index] ?? ""}</td>
                ))}
              </tr>
            ))}
          </DataTable>
          <button type="submit" name="intent" value="read" className="button button--primary">
            {reading ? t("catalogueIntelligence.reading.applying") : t("catalogueIntelligence.headerQuestion.choose")}
          </button>
        </fieldset>
      </Form>
    </section>
  );
}
