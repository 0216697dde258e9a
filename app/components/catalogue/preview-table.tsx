import { DataTable } from "#app/components/ui/data-table.tsx";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";

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
    <DataTable
      frameClassName="preview-table"
      labelledBy={`${id}-caption`}
      className="table preview-table__table"
      id={id}
      caption={<caption id={`${id}-caption`}>{caption}</caption>}
      columns={[{ label: t("catalogueIntelligence.preview.row"), className: "preview-table__row-number" }, ...cells(header)]}
    >
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
    </DataTable>
  );
}
