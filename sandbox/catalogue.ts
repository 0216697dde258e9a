import { createReadStream, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { open } from "node:fs/promises";
import { join } from "node:path";
import {
  CatalogueHeader,
  IntegrationInfo,
  IntegrationSellers,
  integrationStates,
  UploadSettings,
  catalogueFileType,
  sampleRowCount,
  type HeaderMapping,
  type UploadSettingsInput,
} from "#contract/catalogue.ts";
import { CatalogueAnalysis, MappingMemory } from "#contract/catalogue-analysis.ts";
import type { Database } from "./db.ts";
import { readBmecatRows } from "./bmecat.ts";
import { readXlsxRows } from "./xlsx.ts";
import { findSellerById, listCatalogueFiles, mappingComplete, type CatalogueFileRow, type SellerRow } from "./repository.ts";
import { listReturns } from "./catalogue-returns.ts";
import { clearProductIndex } from "./catalogue-products.ts";

/**
 * The catalogue hand-over in the sandbox: where uploaded files live on disk,
 * reading their headers and sample rows, the upload settings beyond the
 * sellers table, and the catalogue team's view of a seller.
 */

// ---- files on disk ----------------------------------------------------------

/** Where the sandbox keeps catalogue files: beside its database, or in a temp dir for `:memory:`. */
export function catalogueFilesDir(dbPath: string, tempDir: () => string): string {
  return dbPath === ":memory:" ? tempDir() : `${dbPath}.files`;
}

/** Uploads are written here first and moved into place only when complete. */
export function incomingDir(filesDir: string): string {
  return join(filesDir, ".incoming");
}

export function storedFilePath(filesDir: string, fileId: string): string {
  if (!/^[\w-]+$/.test(fileId)) throw new Error(`unsafe file id ${fileId}`);
  return join(filesDir, fileId);
}

const sampleCatalogue = (rows: number) =>
  [
    "EAN;Artikelname;Kategorie;Marke;Preis;Bestand",
    ...Array.from({ length: rows }, (_, index) => {
      const ean = String(4006381333900 + index * 7).padStart(13, "0");
      return `${ean};Artikel ${index + 1};Haushalt > Küche;Beispielmarke;${(9.99 + index).toFixed(2).replace(".", ",")};${(index * 13) % 200}`;
    }),
  ].join("\r\n") + "\r\n";

/**
 * Makes the disk agree with the database: removes files no row knows (and
 * whatever an interrupted upload left in the incoming directory), and writes
 * sample content for seeded rows that have no bytes yet, fixing their size
 * and fingerprint.
 */
export function syncCatalogueFiles(db: Database, filesDir: string): void {
  mkdirSync(incomingDir(filesDir), { recursive: true });
  for (const name of readdirSync(incomingDir(filesDir))) rmSync(join(incomingDir(filesDir), name), { force: true });
  const rows = db.prepare("SELECT * FROM catalogue_files").all() as CatalogueFileRow[];
  const known = new Set(rows.map((row) => row.id));
  for (const name of readdirSync(filesDir)) {
    if (name !== ".incoming" && !known.has(name)) rmSync(join(filesDir, name), { force: true });
  }
  for (const row of rows) {
    const path = storedFilePath(filesDir, row.id);
    if (!existsSync(path)) writeFileSync(path, catalogueFileType(row.file_name) === "XLSX" ? readSampleXlsx() : sampleCatalogue(40));
    // The row tells the size and fingerprint of the bytes on disk, whatever the seed wrote.
    const { size } = statSync(path);
    if (size !== row.size) db.prepare("UPDATE catalogue_files SET size = ? WHERE id = ?").run(size, row.id);
    if (!row.sha256)
      db.prepare("UPDATE catalogue_files SET sha256 = ? WHERE id = ?").run(createHash("sha256").update(readFileSync(path)).digest("hex"), row.id);
  }
}

export function catalogueFilesOnDisk(filesDir: string): { stored: string[]; incoming: string[] } {
  return {
    stored: readdirSync(filesDir).filter((name) => name !== ".incoming"),
    incoming: readdirSync(incomingDir(filesDir)),
  };
}

let sampleXlsx: Buffer | undefined;
function readSampleXlsx(): Buffer {
  sampleXlsx ??= readFileSync(new URL("./samples/catalogue-sample.xlsx", import.meta.url));
  return sampleXlsx;
}

// ---- headers and sample rows -------------------------------------------------

/** How much of a file's start is read for its headers: enough for a header line and a few rows. */
const HEAD_BYTES = 256 * 1024;

/** Splits delimited text into records (quotes, doubled quotes and line breaks inside quotes). */
export function parseDelimited(text: string, delimiter: string, maxRecords: number): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length && records.length < maxRecords; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += char;
    } else if (char === '"' && field === "") quoted = true;
    else if (char === delimiter) {
      record.push(field);
      field = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[i + 1] === "\n") i++;
      record.push(field);
      records.push(record);
      record = [];
      field = "";
    } else field += char;
  }
  if (records.length < maxRecords && (field !== "" || record.length > 0)) {
    record.push(field);
    records.push(record);
  }
  return records.filter((candidate) => candidate.some((value) => value.trim() !== ""));
}

/** The delimiter of a header line: the most frequent of `;`, `,` and tab outside quotes. */
export function guessDelimiter(headerLine: string): string {
  const counts = [";", ",", "\t"].map((delimiter) => ({ delimiter, count: headerLine.split(delimiter).length - 1 }));
  counts.sort((a, b) => b.count - a.count);
  return counts[0]!.count > 0 ? counts[0]!.delimiter : ",";
}

/** A file's headers with their first sample values. */
export async function readCatalogueHeaders(path: string, fileName: string): Promise<CatalogueHeader[]> {
  const type = catalogueFileType(fileName);
  if (type === "XML") {
    const { columns, rows: items } = await readBmecatRows(path, sampleRowCount);
    return columns.map((name) => CatalogueHeader.parse({ name, samples: items.map((item) => item.get(name) ?? "") }));
  }
  const rows = type === "XLSX" ? await readXlsxRows(path, sampleRowCount + 1) : await readDelimitedRows(path);
  const [header = [], ...samples] = rows;
  return header
    .map((name, column) => ({ name: name.trim(), samples: samples.map((row) => row[column] ?? "") }))
    .filter((column) => column.name !== "")
    .map((column) => CatalogueHeader.parse(column));
}

async function readDelimitedRows(path: string): Promise<string[][]> {
  const handle = await open(path, "r");
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    let text = new TextDecoder("utf-8", { fatal: false }).decode(buffer.subarray(0, bytesRead));
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    // A head that ends inside a record would cut its last value: keep whole lines only.
    if (bytesRead === HEAD_BYTES) text = text.slice(0, Math.max(text.lastIndexOf("\n"), 0));
    const firstLine = text.split(/\r?\n/, 1)[0] ?? "";
    return parseDelimited(text, guessDelimiter(firstLine), sampleRowCount + 1);
  } finally {
    await handle.close();
  }
}

export function openStoredFile(filesDir: string, fileId: string) {
  return createReadStream(storedFilePath(filesDir, fileId));
}

// ---- upload settings ----------------------------------------------------------

type UploadSettingsRow = {
  seller_id: string;
  feed_format: string | null;
  feed_schedule: string | null;
  ftp_port: number | null;
  ftp_path: string | null;
  ftp_password: string | null;
};

function settingsRow(db: Database, sellerId: string): UploadSettingsRow | undefined {
  return db.prepare("SELECT * FROM seller_upload_settings WHERE seller_id = ?").get(sellerId) as UploadSettingsRow | undefined;
}

export function toUploadSettings(db: Database, seller: SellerRow): UploadSettings {
  const extra = settingsRow(db, seller.id);
  return UploadSettings.parse({
    uploadType: seller.upload_type ?? "DIRECT",
    feedUrl: seller.feed_url,
    feedFormat: extra?.feed_format ?? null,
    feedSchedule: extra?.feed_schedule ?? null,
    ftpHost: seller.ftp_host,
    ftpPort: extra?.ftp_port ?? null,
    ftpUser: seller.ftp_user,
    ftpPath: extra?.ftp_path ?? null,
    ftpPasswordSet: Boolean(extra?.ftp_password),
  });
}

/** Stores the settings; switching the upload type keeps the other types' values for a later switch back. */
export function saveUploadSettings(db: Database, seller: SellerRow, input: UploadSettingsInput): void {
  const extra = settingsRow(db, seller.id);
  db.prepare(
    `INSERT INTO seller_upload_settings (seller_id, feed_format, feed_schedule, ftp_port, ftp_path, ftp_password)
     VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (seller_id) DO UPDATE SET feed_format = excluded.feed_format, feed_schedule = excluded.feed_schedule,
       ftp_port = excluded.ftp_port, ftp_path = excluded.ftp_path, ftp_password = excluded.ftp_password`,
  ).run(
    seller.id,
    input.uploadType === "FEED" ? input.feedFormat : (extra?.feed_format ?? null),
    input.uploadType === "FEED" ? input.feedSchedule : (extra?.feed_schedule ?? null),
    input.uploadType === "FTP" ? input.ftpPort : (extra?.ftp_port ?? null),
    input.uploadType === "FTP" ? input.ftpPath : (extra?.ftp_path ?? null),
    input.uploadType === "FTP" && input.ftpPassword ? input.ftpPassword : (extra?.ftp_password ?? null),
  );
  db.prepare("UPDATE sellers SET upload_type = ?, feed_url = ?, ftp_host = ?, ftp_user = ? WHERE id = ?").run(
    input.uploadType,
    input.uploadType === "FEED" ? input.feedUrl : seller.feed_url,
    input.uploadType === "FTP" ? input.ftpHost : seller.ftp_host,
    input.uploadType === "FTP" ? input.ftpUser : seller.ftp_user,
    seller.id,
  );
}

export function hasStoredFtpPassword(db: Database, sellerId: string): boolean {
  return Boolean(settingsRow(db, sellerId)?.ftp_password);
}

export function markStepFilled(db: Database, seller: SellerRow, stepType: string): void {
  const filled = new Set(JSON.parse(seller.filled_steps) as string[]);
  filled.add(stepType);
  db.prepare("UPDATE sellers SET filled_steps = ? WHERE id = ?").run(JSON.stringify([...filled]), seller.id);
}

// ---- files and mapping ----------------------------------------------------------

export function findCatalogueFile(db: Database, sellerId: string, fileId: string): CatalogueFileRow | undefined {
  return db.prepare("SELECT * FROM catalogue_files WHERE id = ? AND seller_id = ?").get(fileId, sellerId) as CatalogueFileRow | undefined;
}

export function saveHeaderMapping(db: Database, fileId: string, mapping: HeaderMapping): void {
  db.prepare("UPDATE catalogue_files SET header_mapping = ? WHERE id = ?").run(JSON.stringify(mapping), fileId);
  clearProductIndex(db, fileId);
}

/** The analysis the portal stored for a file, or undefined. */
export function storedAnalysis(file: CatalogueFileRow): CatalogueAnalysis | undefined {
  return file.analysis ? CatalogueAnalysis.parse(JSON.parse(file.analysis)) : undefined;
}

export function saveAnalysis(db: Database, fileId: string, analysis: CatalogueAnalysis): void {
  db.prepare("UPDATE catalogue_files SET analysis = ? WHERE id = ?").run(JSON.stringify(analysis), fileId);
  clearProductIndex(db, fileId);
}

/**
 * A file's columns: as the portal read them when it stored an analysis (it
 * knows the encoding, delimiter and header row the seller confirmed), else
 * as the service reads the file itself.
 */
export async function fileColumns(filesDir: string, file: CatalogueFileRow): Promise<CatalogueHeader[]> {
  const analysis = storedAnalysis(file);
  if (analysis) return analysis.columns.map((column) => ({ name: column.header, samples: column.samples.slice(0, sampleRowCount) }));
  return readCatalogueHeaders(storedFilePath(filesDir, file.id), file.file_name);
}

export function mappingMemory(db: Database, sellerId: string): MappingMemory | undefined {
  const row = db.prepare("SELECT data FROM catalogue_mapping_memory WHERE seller_id = ?").get(sellerId) as { data: string } | undefined;
  return row ? MappingMemory.parse(JSON.parse(row.data)) : undefined;
}

export function saveMappingMemory(db: Database, sellerId: string, memory: MappingMemory): void {
  db.prepare("INSERT INTO catalogue_mapping_memory (seller_id, data) VALUES (?, ?) ON CONFLICT(seller_id) DO UPDATE SET data = excluded.data").run(
    sellerId,
    JSON.stringify(memory),
  );
}

export function deleteCatalogueFile(db: Database, filesDir: string, fileId: string): void {
  db.prepare("DELETE FROM catalogue_files WHERE id = ?").run(fileId);
  rmSync(storedFilePath(filesDir, fileId), { force: true });
}

export function toCatalogueFile(file: CatalogueFileRow) {
  return {
    id: file.id,
    fileName: file.file_name,
    size: file.size,
    contentType: file.content_type,
    uploadedAt: file.uploaded_at,
    mappingComplete: mappingComplete(file),
    ...(file.sha256 ? { sha256: file.sha256 } : {}),
  };
}

// ---- the catalogue team -----------------------------------------------------------

/** Sellers who handed a catalogue over, and those the team returned it to who have not handed over again: waiting ones first. */
export function integrationSellers(db: Database) {
  const rows = db
    .prepare(
      `SELECT s.id, s.name, s.state, s.state_changed_at, (SELECT count(*) FROM catalogue_files f WHERE f.seller_id = s.id) AS files,
         EXISTS (SELECT 1 FROM catalogue_returns r WHERE r.seller_id = s.id AND r.resolved_at IS NULL) AS return_open
       FROM sellers s
       WHERE s.state IN (?, ?) OR EXISTS (SELECT 1 FROM catalogue_returns r WHERE r.seller_id = s.id AND r.resolved_at IS NULL)
       ORDER BY CASE WHEN s.state = 'CATALOGUE_DATA_SUBMITTED' THEN 0 WHEN s.state = 'CATALOGUE_DATA_MAPPING_FINISHED' THEN 2 ELSE 1 END,
         s.state_changed_at, s.name`,
    )
    .all(...integrationStates) as { id: string; name: string; state: string; state_changed_at: string; files: number; return_open: number }[];
  return IntegrationSellers.parse(
    rows.map((row) => ({
      sellerId: row.id,
      sellerName: row.name,
      state: row.state,
      since: row.state_changed_at,
      fileCount: row.files,
      returnOpen: Boolean(row.return_open),
    })),
  );
}

export function integrationInfo(db: Database, sellerId: string): IntegrationInfo | undefined {
  const seller = findSellerById(db, sellerId);
  if (!seller) return undefined;
  return IntegrationInfo.parse({
    sellerId: seller.id,
    sellerName: seller.name,
    state: seller.state,
    since: seller.state_changed_at,
    uploadSettings: toUploadSettings(db, seller),
    files: listCatalogueFiles(db, seller.id).map((file) => ({
      ...toCatalogueFile(file),
      headerMapping: file.header_mapping ? JSON.parse(file.header_mapping) : null,
    })),
    returns: listReturns(db, seller.id),
  });
}
