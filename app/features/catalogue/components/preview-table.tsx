import { useTranslation } from "react-i18next";

/**
 * The header row and the first rows of a file as read: a real table with a
 * caption and row numbers as the seller's spreadsheet counts them. Wide files
 * scroll sideways inside a focusable region, so a keyboard can scroll it too.
 */
export function PreviewTable({ id, rows, headerRow, caption }: { id: string; rows: readonly (readonly string[])[]; headerRow: number; caption: string }) {
  const { t } = useTranslation();
  const [header = [], ...body] = rows;
  const width = Math.max(header.length, ...body.map((row) => row.length));
  const cells = (row: readonly string[]) => Array.from({ length: width }, (_, index) => row[index] ?? "");
  return (
    <div className="table-scroll preview-table" role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
      <table className="table preview-table__table" id={id}>
        <caption id={`${id}-caption`}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="preview-table__row-number">
              {t("catalogueIntelligence.preview.row")}
            </th>
            {cells(header).map((cell, index) => (
              <th scope="col" key={index}>
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {body.map((row, rowIndex) => (
            <tr key={rowIndex}>
              <th scope="row" className="preview-table__row-number">
                {headerRow + rowIndex + 1}
              </th>
              {cells(row).map((cell, index) => (
                <td key={index}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
