/**
 * Reading an XLSX catalogue: the workbook is held (see xlsx-reader.ts for
 * why), its chosen sheet streamed row by row, the header row found in its
 * first rows as for CSV.
 */
import type { CatalogueFormat } from "#contract/catalogue-analysis.ts";
import { defaultBudget, InflationMeter } from "#app/lib/catalogue/budget.ts";
import { findHeaderRow, headerAt } from "#app/lib/catalogue/header-row.ts";
import { headerFormat, memoryOf, overridden, Refusal, topRowsOf, type Reading } from "#app/lib/catalogue/reading.ts";
import { TableAnalysis } from "./table-analysis.ts";
import type { InspectionOutcome, InspectorOptions } from "#app/lib/catalogue/types.ts";
import { StopReading, XLSX_MAX_BYTES, measureWorkbook, readSheetRows, readWorkbook } from "./xlsx-reader.ts";

/** The rows the header row is looked for in and compared with. */
const HEAD_ROWS = 60;

export function xlsxReading(options: InspectorOptions, finishEarly: (outcome: InspectionOutcome) => void): Reading {
  const parts: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  return {
    async write(bytes) {
      if (tooLarge) return;
      size += bytes.length;
      if (size > XLSX_MAX_BYTES) {
        // Keep reading nothing; the refusal comes as soon as the caller asks (see end) or right away.
        tooLarge = true;
        parts.length = 0;
        throw new Refusal("workbookTooLarge");
      }
      if (parts.length === 0 && bytes.length >= 4 && bytes.readUInt32LE(0) !== 0x04034b50) throw new Refusal("notAWorkbook");
      parts.push(bytes);
    },
    async end() {
      if (tooLarge) throw new Refusal("workbookTooLarge");
      const bytes = Buffer.concat(parts);
      parts.length = 0;
      if (bytes.length === 0) throw new Refusal("notAWorkbook");
      measureWorkbook(bytes, new InflationMeter(options.budget ?? defaultBudget));
      const workbook = readWorkbook(bytes);
      const chosen = options.override?.sheet ? workbook.sheets.find((sheet) => sheet.name === options.override!.sheet) : workbook.sheets[0];
      if (!chosen) throw new Refusal("sheetNotFound");
      const memory = await memoryOf(options);
      const held: { cells: string[]; row: number }[] = [];
      let table: TableAnalysis | null = null;
      const format: CatalogueFormat = {
        encoding: null,
        delimiter: null,
        headerRow: options.override?.headerRow ?? 1,
        sheet: chosen.name.slice(0, 200),
        sheets: workbook.sheets.slice(0, 200).map((sheet) => sheet.name.slice(0, 200)),
        detected: !overridden(options),
      };
      const startTable = () => {
        // The header row from the first rows, as for CSV (row numbers as Excel shows them).
        const records: string[][] = [];
        for (const { cells, row } of held) {
          if (row > HEAD_ROWS) break;
          while (records.length < row - 1) records.push([]);
          records.push(cells);
        }
        const chosen = options.override?.headerRow;
        const header = (chosen !== undefined ? headerAt(records, chosen) : findHeaderRow(records)) ?? headerAt(records, 1);
        Object.assign(format, headerFormat(header));
        table = new TableAnalysis({
          headerRow: header.row,
          headerRows: header.rows,
          skipColumns: header.leadingEmptyColumns,
          // A sheet's rows end at their last value: their field counts say nothing.
          countFields: false,
          topRows: topRowsOf(records),
          memory,
          mapping: options.mapping,
          budget: options.budget,
          productsRequired: !options.previewOnly,
          onProblem: options.onProblem,
          onProduct: options.onProduct,
          text: (cell) => cell,
        });
        for (const { cells, row } of held) table.row(cells, row);
        held.length = 0;
      };
      try {
        readSheetRows(bytes, workbook, chosen.path, (cells, row) => {
          if (table) table.row(cells, row);
          else {
            held.push({ cells, row });
            if (held.length >= 50) startTable();
          }
          if (options.previewOnly && table?.previewComplete) throw new StopReading();
        });
      } catch (error) {
        if (!(error instanceof StopReading)) throw error;
      }
      if (!table) startTable();
      const analysis = (table as TableAnalysis | null)?.finish(format);
      const result: InspectionOutcome = analysis ? { ok: true, analysis } : { ok: false, problem: "noHeaderRow" };
      if (options.previewOnly) finishEarly(result);
      return result;
    },
  };
}
