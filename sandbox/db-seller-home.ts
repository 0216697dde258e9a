/**
 * The tables of what an ACTIVE seller changes after the hand-over: catalogue
 * updates (contract/catalogue-updates.ts) and the change requests of "my
 * company" (contract/company-changes.ts). Part of the one database (db.ts).
 */
export const sellerHomeSchema = `
/**
 * An update sent to the catalogue team: the files that were open when the
 * seller sent it; SUBMITTED until the team takes it in (PROCESSED) or
 * returns it (RETURNED, with its reasons), and who did and when.
 */
CREATE TABLE IF NOT EXISTS catalogue_updates (
  id TEXT PRIMARY KEY,
  seller_id TEXT NOT NULL REFERENCES sellers(id) ON DELETE CASCADE,
  status TEXT NOT NULL,
  submitted_at TEXT NOT NULL,
  decided_at TEXT,
  decided_by TEXT,
  return_reason TEXT,
  /** JSON list of { fileId, fileName, reason }, when returned. */
  file_reasons TEXT
);
CREATE INDEX IF NOT EXISTS catalogue_updates_status ON catalogue_updates (status, submitted_at);
/** Files uploaded after the hand-over: open (update_id NULL) until the seller sends them as an update. */
CREATE TABLE IF NOT EXISTS catalogue_update_files (
  file_id TEXT PRIMARY KEY REFERENCES catalogue_files(id) ON DELETE CASCADE,
  seller_id TEXT NOT NULL REFERENCES sellers(id) ON DELETE CASCADE,
  update_id TEXT REFERENCES catalogue_updates(id) ON DELETE CASCADE
);
/**
 * A change of the company data on record: a DRAFT until the seller confirms
 * it, then PENDING until the marketplace decides (CONFIRMED or REJECTED).
 * \`data\` is the change as JSON; a legal document's bytes are in \`content\`.
 */
CREATE TABLE IF NOT EXISTS company_changes (
  id TEXT PRIMARY KEY,
  seller_id TEXT NOT NULL REFERENCES sellers(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  target TEXT,
  data TEXT NOT NULL,
  content BLOB,
  status TEXT NOT NULL,
  requested_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  submitted_at TEXT,
  decided_at TEXT
);
CREATE INDEX IF NOT EXISTS company_changes_seller ON company_changes (seller_id, status);
`;

/** Emptied by a reset, children first. */
export const sellerHomeTables = ["company_changes", "catalogue_update_files", "catalogue_updates"] as const;
