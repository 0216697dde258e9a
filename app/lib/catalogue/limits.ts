/** The largest XLSX workbook (compressed) the portal reads: see xlsx-reader.ts for why a workbook is held whole. */
export const XLSX_MAX_BYTES = 32 * 1024 * 1024;
