import { strToU8, zipSync } from "fflate";

/** A cell: text (a shared string), a number, or a styled cell without a value (as Excel writes formatting far beyond the content). */
export type XlsxCell = string | number | null | { styledEmpty: true };

export type XlsxSheet = {
  name: string;
  /** Rows from row 1; a cell's position is its column. */
  rows: XlsxCell[][];
  /** The range the sheet declares (`A1:XFD1048576`); by default the content's. */
  dimension?: string;
  /** Formatted but empty rows written after the content, up to this row (as a sheet whose range reaches far down has). */
  styledRowsUpTo?: number;
};

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function columnName(index: number): string {
  let name = "";
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  return name;
}

/**
 * A minimal XLSX workbook as Excel writes one (workbook, relationships,
 * shared strings, one XML part per sheet), for tests of the workbook reader.
 */
export function xlsxOf(sheets: XlsxSheet[]): Buffer {
  const strings: string[] = [];
  const stringIndex = new Map<string, number>();
  const shared = (text: string) => {
    if (!stringIndex.has(text)) {
      stringIndex.set(text, strings.length);
      strings.push(text);
    }
    return stringIndex.get(text)!;
  };
  const files: Record<string, Uint8Array> = {};
  sheets.forEach((sheet, sheetIndex) => {
    const rows = sheet.rows.map((cells, rowIndex) => {
      const row = rowIndex + 1;
      const xml = cells
        .map((cell, column) => {
          const ref = `${columnName(column)}${row}`;
          if (cell === null || cell === "") return "";
          if (typeof cell === "number") return `<c r="${ref}"><v>${cell}</v></c>`;
          if (typeof cell === "object") return `<c r="${ref}" s="1"/>`;
          return `<c r="${ref}" t="s"><v>${shared(cell)}</v></c>`;
        })
        .join("");
      return `<row r="${row}">${xml}</row>`;
    });
    for (let row = sheet.rows.length + 1; row <= (sheet.styledRowsUpTo ?? 0); row++) rows.push(`<row r="${row}" spans="1:16384" s="1" customFormat="1"/>`);
    const dimension = sheet.dimension ?? `A1:${columnName(Math.max(0, ...sheet.rows.map((cells) => cells.length - 1)))}${Math.max(1, sheet.rows.length)}`;
    files[`xl/worksheets/sheet${sheetIndex + 1}.xml`] = strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><dimension ref="${dimension}"/><sheetData>${rows.join("")}</sheetData></worksheet>`,
    );
  });
  files["[Content_Types].xml"] = strToU8(
    `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>`,
  );
  files["xl/workbook.xml"] = strToU8(
    `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${sheets
      .map((sheet, index) => `<sheet name="${escape(sheet.name)}" sheetId="${index + 1}" r:id="rId${index + 1}"/>`)
      .join("")}</sheets></workbook>`,
  );
  files["xl/_rels/workbook.xml.rels"] = strToU8(
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets
      .map(
        (_, index) =>
          `<Relationship Id="rId${index + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${index + 1}.xml"/>`,
      )
      .join("")}</Relationships>`,
  );
  files["xl/sharedStrings.xml"] = strToU8(
    `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${strings.length}" uniqueCount="${strings.length}">${strings
      .map((text) => `<si><t xml:space="preserve">${escape(text)}</t></si>`)
      .join("")}</sst>`,
  );
  // A fixed time: the same workbook is the same bytes.
  return Buffer.from(zipSync(files, { mtime: new Date("2026-01-01T00:00:00Z") }));
}
