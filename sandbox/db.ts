import { mkdirSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync, type PrepareOptions, type StatementSync } from "node:sqlite";
import { obligationsSchema, obligationTables } from "./db-obligations.ts";
import { sellerHomeSchema, sellerHomeTables } from "./db-seller-home.ts";

/**
 * The sandbox's whole state lives in one SQLite file: the marketplace's data
 * (users, sellers, catalogue files) and the identity provider's models
 * (sessions, codes, tokens), so a restart keeps everything.
 */
export type Database = DatabaseSync;

/**
 * Raised whenever a table changes shape. A database of an older version is
 * emptied and seeded anew on open: the sandbox's data is demo data, and
 * migrations would cost more than they are worth.
 */
const SCHEMA_VERSION = 31;

const schema = `
CREATE TABLE IF NOT EXISTS meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS sellers (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  crm_id TEXT,
  state TEXT NOT NULL,
  upload_type TEXT,
  feed_url TEXT,
  ftp_host TEXT,
  ftp_user TEXT,
  filled_steps TEXT NOT NULL DEFAULT '[]',
  additional_fields TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL,
  state_changed_at TEXT NOT NULL
);
/** Every state a seller entered, and when: "time in this state" for the staff screens. */
CREATE TABLE IF NOT EXISTS seller_state_history (
  seller_id TEXT NOT NULL REFERENCES sellers(id) ON DELETE CASCADE,
  state TEXT NOT NULL,
  entered_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS seller_state_history_seller ON seller_state_history (seller_id, entered_at);
CREATE TABLE IF NOT EXISTS users (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL,
  role TEXT NOT NULL,
  language_code TEXT NOT NULL,
  seller_id TEXT REFERENCES sellers(id) ON DELETE CASCADE,
  substituted_seller_id TEXT REFERENCES sellers(id) ON DELETE SET NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS catalogue_files (
  id TEXT PRIMARY KEY,
  seller_id TEXT NOT NULL REFERENCES sellers(id) ON DELETE CASCADE,
  file_name TEXT NOT NULL,
  size INTEGER NOT NULL,
  content_type TEXT NOT NULL,
  uploaded_at TEXT NOT NULL,
  /** JSON object: catalogue header → marketplace field, or NULL before the seller mapped the columns. */
  header_mapping TEXT,
  /** JSON: what the portal understood of the file (contract/catalogue-analysis.ts), or NULL. */
  analysis TEXT,
  /** With the analysis: the address the file's relative image paths are resolved against (contract/catalogue-images.ts), or NULL. */
  image_base TEXT,
  /** The SHA-256 of the stored bytes (hex), computed as they arrive (for the seed's files, when their sample bytes are written). */
  sha256 TEXT
);
/**
 * A file's products as the portal's reading pass wrote them (contract/catalogue-products.ts): one row a product in file
 * order (its position), its problems again by kind for the filter, and the index's totals. Gone with the file, and
 * dropped whenever the file's mapping or analysis changes (the portal writes it anew).
 */
CREATE TABLE IF NOT EXISTS catalogue_product_indexes (
  file_id TEXT PRIMARY KEY REFERENCES catalogue_files(id) ON DELETE CASCADE,
  /** JSON: ProductCounts. */
  counts TEXT NOT NULL,
  /** JSON: ImageCheckSummary without the file's id, moved by each image check (catalogue-product-counts.ts). */
  images TEXT,
  indexed_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS catalogue_products (
  file_id TEXT NOT NULL REFERENCES catalogue_files(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  row INTEGER NOT NULL,
  sku TEXT NOT NULL,
  ean TEXT NOT NULL,
  title TEXT NOT NULL,
  price TEXT NOT NULL,
  brand TEXT NOT NULL,
  category TEXT NOT NULL,
  /** The unit price's content and the responsible person in the EU (contract/catalogue-products.ts). */
  content_quantity TEXT NOT NULL DEFAULT '',
  content_unit TEXT NOT NULL DEFAULT '',
  responsible_person TEXT NOT NULL DEFAULT '',
  responsible_person_address TEXT NOT NULL DEFAULT '',
  /** JSON: ProductProblem[]. */
  problems TEXT NOT NULL,
  needs_fix INTEGER NOT NULL,
  /** The seller's reason for leaving the product out (contract/catalogue-corrections.ts), or NULL. */
  left_out TEXT,
  /** The version of the product's corrections: one up with each change. */
  version INTEGER NOT NULL DEFAULT 0,
  /** 1: a value of the product is corrected (by hand or by a rule). */
  fixed INTEGER NOT NULL DEFAULT 0,
  /** The product's image address (contract/catalogue-images.ts), or NULL when it has none. */
  image_url TEXT,
  /** JSON: the marketplace fields the row has a value in (contract/catalogue-products.ts ProductAttributes). */
  filled TEXT NOT NULL DEFAULT '[]',
  description_chars INTEGER NOT NULL DEFAULT 0,
  /** JSON: values the seller added for fields the category requires (field → value). */
  added TEXT NOT NULL DEFAULT '{}',
  /** The category the seller chose for this product alone, or NULL (its value's mapping holds). */
  own_category_id TEXT,
  /** The product's category as last worked out (own, else the value's mapping), its recommended fields' share it has. */
  category_id TEXT,
  recommended_share REAL NOT NULL DEFAULT 0,
  PRIMARY KEY (file_id, position)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS catalogue_products_fixed ON catalogue_products (file_id, position) WHERE fixed = 1;
CREATE INDEX IF NOT EXISTS catalogue_products_status ON catalogue_products (file_id, needs_fix, position);
CREATE INDEX IF NOT EXISTS catalogue_products_row ON catalogue_products (file_id, row);
CREATE INDEX IF NOT EXISTS catalogue_products_sku ON catalogue_products (file_id, sku);
CREATE INDEX IF NOT EXISTS catalogue_products_ean ON catalogue_products (file_id, ean);
CREATE INDEX IF NOT EXISTS catalogue_products_category ON catalogue_products (file_id, category);
CREATE INDEX IF NOT EXISTS catalogue_products_image ON catalogue_products (file_id, image_url) WHERE image_url IS NOT NULL;
/**
 * The portal's checks of a file's image addresses (contract/catalogue-images.ts): one row an address, kept with the file
 * (a new index of the file keeps them: the addresses are the same).
 */
CREATE TABLE IF NOT EXISTS catalogue_image_checks (
  file_id TEXT NOT NULL REFERENCES catalogue_files(id) ON DELETE CASCADE,
  url TEXT NOT NULL,
  loads INTEGER NOT NULL,
  reason TEXT,
  http_status INTEGER,
  format TEXT,
  width INTEGER,
  height INTEGER,
  checked_at TEXT NOT NULL,
  PRIMARY KEY (file_id, url)
);
CREATE TABLE IF NOT EXISTS catalogue_product_problems (
  file_id TEXT NOT NULL REFERENCES catalogue_files(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  position INTEGER NOT NULL,
  PRIMARY KEY (file_id, kind, position)
) WITHOUT ROWID;
/**
 * The seller's corrections to a file (contract/catalogue-corrections.ts): values by row and product key, with the
 * file's own value beside each, and the rules that fixed a problem kind at once. Dropped with the products index.
 */
CREATE TABLE IF NOT EXISTS catalogue_corrections (
  file_id TEXT NOT NULL REFERENCES catalogue_files(id) ON DELETE CASCADE,
  row INTEGER NOT NULL,
  field TEXT NOT NULL,
  value TEXT NOT NULL,
  original TEXT NOT NULL,
  PRIMARY KEY (file_id, row, field)
) WITHOUT ROWID;
/** A carry-over to a new upload of the same file name matches by the file's own SKU or EAN, corrected or not. */
CREATE INDEX IF NOT EXISTS catalogue_corrections_original ON catalogue_corrections (file_id, field, original);
CREATE INDEX IF NOT EXISTS catalogue_products_left_out ON catalogue_products (file_id, position) WHERE left_out IS NOT NULL;
/**
 * A file's products by status, "fixed" by status and the state of their image, per block of positions
 * (catalogue-product-counts.ts PRODUCT_BLOCK): a page of a filter far down starts at the block that holds its first
 * product, instead of counting off every product before.
 */
CREATE TABLE IF NOT EXISTS catalogue_product_blocks (
  file_id TEXT NOT NULL REFERENCES catalogue_files(id) ON DELETE CASCADE,
  block INTEGER NOT NULL,
  ready INTEGER NOT NULL,
  needs_fix INTEGER NOT NULL,
  left_out INTEGER NOT NULL,
  fixed_ready INTEGER NOT NULL,
  fixed_needs_fix INTEGER NOT NULL,
  fixed_left_out INTEGER NOT NULL,
  /** Products whose image was checked and does not load; products with an image address not checked yet. */
  image_fails INTEGER NOT NULL,
  image_unchecked INTEGER NOT NULL,
  PRIMARY KEY (file_id, block)
) WITHOUT ROWID;
/**
 * The same per problem kind: a block's products with a problem of the kind, kept (they need a fix) or left out, and of
 * those the fixed ones. A block without a product of the kind has no row.
 */
CREATE TABLE IF NOT EXISTS catalogue_product_kind_blocks (
  file_id TEXT NOT NULL REFERENCES catalogue_files(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  block INTEGER NOT NULL,
  kept INTEGER NOT NULL,
  left_out INTEGER NOT NULL,
  fixed_kept INTEGER NOT NULL,
  fixed_left_out INTEGER NOT NULL,
  PRIMARY KEY (file_id, kind, block)
) WITHOUT ROWID;
/**
 * A file's category values (as its products hold them now) with how many products hold each: written with the index,
 * moved by each write that changes a product's category value. '' counts the products without one.
 */
CREATE TABLE IF NOT EXISTS catalogue_category_values (
  file_id TEXT NOT NULL REFERENCES catalogue_files(id) ON DELETE CASCADE,
  value TEXT NOT NULL,
  products INTEGER NOT NULL,
  PRIMARY KEY (file_id, value)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS catalogue_category_values_products ON catalogue_category_values (file_id, products DESC, value);
/**
 * Title search (sandbox/catalogue-product-search.ts): each products index gets a key of its own, and the titles of its
 * products are in the full-text index under rowid key × 2^32 + position, so one file's matches are a rowid range in file
 * order. Dropping the key (with the index, or the file) drops its titles.
 */
CREATE TABLE IF NOT EXISTS catalogue_title_keys (
  key INTEGER PRIMARY KEY,
  file_id TEXT NOT NULL UNIQUE REFERENCES catalogue_files(id) ON DELETE CASCADE
);
CREATE VIRTUAL TABLE IF NOT EXISTS catalogue_product_titles USING fts5(
  title,
  tokenize = "unicode61 remove_diacritics 2",
  prefix = "2 3",
  detail = none
);
/**
 * The words (FTS5's tokens) of the titles written into each products index, corrected titles' included: a search word
 * longer than the prefix indexes' is looked for as the words that start with it (catalogue-product-search.ts
 * titleQuery), not as a prefix FTS5 would merge in full. Only added to; dropped with the key.
 */
CREATE TABLE IF NOT EXISTS catalogue_title_words (
  key INTEGER NOT NULL,
  word TEXT NOT NULL,
  PRIMARY KEY (key, word)
) WITHOUT ROWID;
CREATE TRIGGER IF NOT EXISTS catalogue_title_keys_dropped AFTER DELETE ON catalogue_title_keys BEGIN
  DELETE FROM catalogue_product_titles WHERE rowid >= old.key * 4294967296 AND rowid < (old.key + 1) * 4294967296;
  DELETE FROM catalogue_title_words WHERE key = old.key;
END;
CREATE TABLE IF NOT EXISTS catalogue_correction_rules (
  id TEXT PRIMARY KEY,
  file_id TEXT NOT NULL REFERENCES catalogue_files(id) ON DELETE CASCADE,
  rule TEXT NOT NULL,
  field TEXT NOT NULL,
  kind TEXT NOT NULL,
  products INTEGER NOT NULL,
  at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS catalogue_correction_rules_file ON catalogue_correction_rules (file_id, at);
/** The rows each rule changed: a corrected file runs the rule over exactly these. */
CREATE TABLE IF NOT EXISTS catalogue_correction_rule_rows (
  rule_id TEXT NOT NULL REFERENCES catalogue_correction_rules(id) ON DELETE CASCADE,
  row INTEGER NOT NULL,
  PRIMARY KEY (rule_id, row)
) WITHOUT ROWID;
/** The seller's last saved column mapping, as the portal hands it over (JSON, contract/catalogue-analysis.ts). */
CREATE TABLE IF NOT EXISTS catalogue_mapping_memory (
  seller_id TEXT PRIMARY KEY REFERENCES sellers(id) ON DELETE CASCADE,
  data TEXT NOT NULL
);
/** The shop-setup steps a seller saved: one row per step, its values as JSON. */
CREATE TABLE IF NOT EXISTS onboarding_steps (
  seller_id TEXT NOT NULL REFERENCES sellers(id) ON DELETE CASCADE,
  step TEXT NOT NULL,
  data TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (seller_id, step)
);
/** The seller's documents (trade-register extract, VAT certificate, ID scan…), bytes included. */
CREATE TABLE IF NOT EXISTS onboarding_documents (
  id TEXT PRIMARY KEY,
  seller_id TEXT NOT NULL REFERENCES sellers(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  file_name TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  content BLOB NOT NULL,
  uploaded_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS onboarding_documents_seller ON onboarding_documents (seller_id, kind);
CREATE TABLE IF NOT EXISTS oidc_models (
  model TEXT NOT NULL,
  id TEXT NOT NULL,
  payload TEXT NOT NULL,
  expires_at INTEGER,
  grant_id TEXT,
  user_code TEXT,
  uid TEXT,
  PRIMARY KEY (model, id)
);
CREATE INDEX IF NOT EXISTS oidc_models_grant_id ON oidc_models (grant_id);
CREATE INDEX IF NOT EXISTS oidc_models_uid ON oidc_models (model, uid);
CREATE INDEX IF NOT EXISTS oidc_models_user_code ON oidc_models (model, user_code);
/** Upload settings beyond the sellers table's: feed format and schedule, FTP port, path and password. */
CREATE TABLE IF NOT EXISTS seller_upload_settings (
  seller_id TEXT PRIMARY KEY REFERENCES sellers(id) ON DELETE CASCADE,
  feed_format TEXT,
  feed_schedule TEXT,
  ftp_port INTEGER,
  ftp_path TEXT,
  ftp_password TEXT
);
/** Staff screens: what the marketplace knows about a seller beyond onboarding (channel, contact, the seller service's id). */
CREATE TABLE IF NOT EXISTS seller_profiles (
  seller_id TEXT PRIMARY KEY REFERENCES sellers(id) ON DELETE CASCADE,
  marketplace_seller_id TEXT UNIQUE,
  channel TEXT,
  language_code TEXT NOT NULL DEFAULT 'en',
  contact_name TEXT,
  contact_email TEXT COLLATE NOCASE,
  contact_phone TEXT,
  shop_count INTEGER NOT NULL DEFAULT 0
);
/** An invited contact registers with this e-mail and becomes the seller's administrator. */
CREATE TABLE IF NOT EXISTS seller_invitations (
  seller_id TEXT NOT NULL REFERENCES sellers(id) ON DELETE CASCADE,
  email TEXT NOT NULL COLLATE NOCASE,
  invited_by TEXT,
  invited_at TEXT NOT NULL,
  accepted_at TEXT
);
/** The portal's signed-in sessions (user-profile service): open until ended or past expires_at. */
CREATE TABLE IF NOT EXISTS user_sessions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  ended_at TEXT
);
CREATE INDEX IF NOT EXISTS seller_invitations_email ON seller_invitations (email);
/** A seller administrator's invitations of colleagues (sandbox/team.ts): single-use, for a week, naming seller and role. */
CREATE TABLE IF NOT EXISTS colleague_invitations (
  id TEXT PRIMARY KEY,
  seller_id TEXT NOT NULL REFERENCES sellers(id) ON DELETE CASCADE,
  email TEXT NOT NULL COLLATE NOCASE,
  role TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  /** The token itself, for the control interface only (it stands in for the e-mail). */
  link_token TEXT NOT NULL,
  invited_by TEXT,
  invited_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  accepted_at TEXT,
  withdrawn_at TEXT
);
CREATE INDEX IF NOT EXISTS colleague_invitations_seller ON colleague_invitations (seller_id, email);
/** Users a seller administrator removed: their accounts are gone, the seller's list still names them. */
CREATE TABLE IF NOT EXISTS removed_seller_users (
  id TEXT PRIMARY KEY,
  seller_id TEXT NOT NULL REFERENCES sellers(id) ON DELETE CASCADE,
  email TEXT NOT NULL,
  role TEXT NOT NULL,
  removed_at TEXT NOT NULL,
  removed_by TEXT
);
/** The catalogue team's returns of a handed-over catalogue: the reasons, who and when, and when the seller handed over again. */
CREATE TABLE IF NOT EXISTS catalogue_returns (
  id TEXT PRIMARY KEY,
  seller_id TEXT NOT NULL REFERENCES sellers(id) ON DELETE CASCADE,
  reason TEXT NOT NULL,
  /** JSON list of { fileId, fileName, reason }. */
  file_reasons TEXT NOT NULL,
  /** JSON { categories: CategoryReturnReason[], products: ProductReturnReason[] }: what was returned on its own. */
  item_reasons TEXT NOT NULL DEFAULT '{}',
  returned_by TEXT,
  returned_at TEXT NOT NULL,
  resolved_at TEXT
);
CREATE INDEX IF NOT EXISTS catalogue_returns_seller ON catalogue_returns (seller_id, returned_at);
/** Staff acting as a seller: each substitution from start to end, and every change made during it. */
CREATE TABLE IF NOT EXISTS substitution_sessions (
  id TEXT PRIMARY KEY,
  staff_user_id TEXT NOT NULL,
  seller_id TEXT NOT NULL REFERENCES sellers(id) ON DELETE CASCADE,
  started_at TEXT NOT NULL,
  ended_at TEXT,
  ended_by TEXT,
  /** The seller user the staff member acts as (the portal names one), when known. */
  as_user_id TEXT
);
CREATE INDEX IF NOT EXISTS substitution_sessions_seller ON substitution_sessions (seller_id, started_at);
CREATE INDEX IF NOT EXISTS substitution_sessions_open ON substitution_sessions (staff_user_id, ended_at);
CREATE TABLE IF NOT EXISTS substitution_changes (
  session_id TEXT NOT NULL REFERENCES substitution_sessions(id) ON DELETE CASCADE,
  at TEXT NOT NULL,
  kind TEXT NOT NULL,
  subject TEXT,
  method TEXT NOT NULL,
  path TEXT NOT NULL,
  status INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS substitution_changes_session ON substitution_changes (session_id, at);
/**
 * Who did what (contract/activity.ts): every change of a seller's data, by whom, from which role and, for staff
 * acting as the seller, as whom; written in the change's own transaction (sandbox/activity.ts). The people are
 * copied, not referenced: a removed colleague's entries still name them.
 */
CREATE TABLE IF NOT EXISTS seller_activity (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  seller_id TEXT NOT NULL REFERENCES sellers(id) ON DELETE CASCADE,
  at TEXT NOT NULL,
  kind TEXT NOT NULL,
  actor_user_id TEXT NOT NULL,
  actor_email TEXT NOT NULL,
  actor_role TEXT NOT NULL,
  acting_as_user_id TEXT,
  acting_as_email TEXT,
  acting_as_role TEXT,
  /** JSON object: the description's parameters. */
  params TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS seller_activity_seller ON seller_activity (seller_id, seq);
CREATE INDEX IF NOT EXISTS seller_activity_person ON seller_activity (seller_id, actor_user_id, seq);
CREATE TABLE IF NOT EXISTS registration_confirmations (
  seller_id TEXT PRIMARY KEY REFERENCES sellers(id) ON DELETE CASCADE,
  data TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS vat_confirmations (
  seller_id TEXT PRIMARY KEY REFERENCES sellers(id) ON DELETE CASCADE,
  data TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
/** Each seller's confirmed category mappings: a value of their files (by its key) to a marketplace category. */
CREATE TABLE IF NOT EXISTS category_mappings (
  seller_id TEXT NOT NULL REFERENCES sellers(id) ON DELETE CASCADE,
  value_key TEXT NOT NULL,
  value TEXT NOT NULL,
  category_id TEXT NOT NULL,
  confirmed_at TEXT NOT NULL,
  /** AGREEMENT, SUGGESTION or SELLER (contract/categories.ts MappingSource); null when not said. */
  source TEXT,
  /** The catalogue team returned this mapping (its reason and when): it counts for no one until the seller confirms again. */
  returned_reason TEXT,
  returned_at TEXT,
  PRIMARY KEY (seller_id, value_key)
);
CREATE INDEX IF NOT EXISTS category_mappings_value ON category_mappings (value_key, category_id);
/** The notification service's record (sandbox/notifications.ts): one row a user and event, newest first. */
CREATE TABLE IF NOT EXISTS notifications (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  /** JSON: the event's parameters (names, counts, a reason). */
  params TEXT NOT NULL,
  /** The portal path where the user acts on it. */
  link TEXT NOT NULL,
  created_at TEXT NOT NULL,
  read_at TEXT,
  /** PENDING, SENT, FAILED or OFF (the user's preferences want no e-mail). */
  email TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS notifications_user ON notifications (user_id, created_at);
/** Each user's choice of e-mail per event kind; a kind without a row is sent. */
CREATE TABLE IF NOT EXISTS notification_preferences (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  email INTEGER NOT NULL,
  PRIMARY KEY (user_id, kind)
) WITHOUT ROWID;
/** Every message the sandbox's SMTP server received (sandbox/mail-server.ts), as it arrived. */
CREATE TABLE IF NOT EXISTS sandbox_mail (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  received_at TEXT NOT NULL,
  envelope_from TEXT NOT NULL,
  /** JSON list of the envelope's recipients. */
  envelope_to TEXT NOT NULL,
  raw TEXT NOT NULL
);
/** A user's time-based second factor (sandbox/second-factor.ts): confirmed_at is NULL while enrolment waits for a first code. */
CREATE TABLE IF NOT EXISTS second_factors (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  secret TEXT NOT NULL,
  confirmed_at TEXT,
  /** The last time step a code was accepted for: a code is accepted once (RFC 6238 §5.2). */
  last_used_step INTEGER NOT NULL DEFAULT 0,
  /** The sandbox's clock for this account, ahead of the real one by this much (control interface, sandbox/second-factor.ts). */
  clock_offset_seconds INTEGER NOT NULL DEFAULT 0,
  last_issued_step INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
/** Recovery codes: SHA-256 of each (they are random, 50 bits each), usable once. */
CREATE TABLE IF NOT EXISTS recovery_codes (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code_hash TEXT NOT NULL,
  used_at TEXT,
  PRIMARY KEY (user_id, code_hash)
);
/** Failed code attempts per user in the current window; locked_until (epoch ms) while locked. */
CREATE TABLE IF NOT EXISTS second_factor_attempts (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  failures INTEGER NOT NULL,
  window_started_at INTEGER NOT NULL,
  locked_until INTEGER
);
/** The sign-ins that gave the right password and wait for a code: interaction uid → user. */
CREATE TABLE IF NOT EXISTS second_factor_pending (
  uid TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL
);
/** Every reset of a lost second factor: who reset whose, and when. */
CREATE TABLE IF NOT EXISTS second_factor_resets (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id TEXT NOT NULL,
  user_email TEXT NOT NULL,
  reset_by TEXT NOT NULL,
  reset_by_email TEXT NOT NULL,
  reset_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS sellers_state ON sellers (state, state_changed_at);
CREATE INDEX IF NOT EXISTS users_seller ON users (seller_id);
`;

/** Tables that hold marketplace data; the seed fills them, a reset empties them. */
const dataTables = [
  "category_mappings",
  "sandbox_mail",
  "notification_preferences",
  "notifications",
  "seller_activity",
  "second_factor_resets",
  "second_factor_pending",
  "second_factor_attempts",
  "recovery_codes",
  "second_factors",
  "registration_confirmations",
  "vat_confirmations",
  "substitution_changes",
  "substitution_sessions",
  "catalogue_returns",
  "user_sessions",
  ...obligationTables,
  ...sellerHomeTables,
  "catalogue_mapping_memory",
  "catalogue_correction_rule_rows",
  "catalogue_correction_rules",
  "catalogue_corrections",
  "catalogue_product_problems",
  "catalogue_image_checks",
  "catalogue_products",
  "catalogue_product_indexes",
  "catalogue_product_blocks",
  "catalogue_product_kind_blocks",
  "catalogue_category_values",
  "catalogue_title_keys",
  "catalogue_title_words",
  "catalogue_product_titles",
  "removed_seller_users",
  "colleague_invitations",
  "seller_invitations",
  "seller_profiles",
  "onboarding_documents",
  "onboarding_steps",
  "seller_upload_settings",
  "catalogue_files",
  "seller_state_history",
  "users",
  "sellers",
] as const;

export function openDatabase(path: string, { reset = false }: { reset?: boolean } = {}): Database {
  if (path !== ":memory:") {
    mkdirSync(dirname(path), { recursive: true });
    if (reset) {
      for (const suffix of ["", "-wal", "-shm"]) rmSync(path + suffix, { force: true });
    }
  }
  const db = reusePreparedStatements(new DatabaseSync(path));
  // WAL with synchronous NORMAL: a commit survives the process ending (a restart, a crash), and only a power loss
  // may take the last commits; the default (FULL) waited for the disk at every upstream write.
  db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;");
  const { user_version: version } = db.prepare("PRAGMA user_version").get() as { user_version: number };
  if (version !== SCHEMA_VERSION) dropAllTables(db);
  // One transaction for the whole schema: each statement on its own was a commit of its own, about a second of a
  // sandbox start on a busy disk. (Dropping stays outside: foreign_keys cannot be switched off within a transaction.)
  db.exec("BEGIN");
  try {
    db.exec(schema + sellerHomeSchema + obligationsSchema);
    db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
    db.exec("COMMIT");
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
  return db;
}

/** Statements kept per database; more distinct SQL texts than this (none of ours) start the cache afresh. */
const MAX_STATEMENTS = 500;

/**
 * `prepare` answers the statement it prepared before for the same SQL:
 * the sandbox prepares its statements where it runs them, and compiling the
 * SQL each time was most of the cost of a lookup (the seller state, the
 * token check: benchmarks run the sandbox on the portal's cores). No caller
 * changes a statement's settings or keeps an iterator open, so a statement
 * can serve every caller; SQLite prepares it again by itself after a schema change.
 */
function reusePreparedStatements(db: DatabaseSync): DatabaseSync {
  const prepare = db.prepare.bind(db);
  const statements = new Map<string, StatementSync>();
  db.prepare = (sql: string, options?: PrepareOptions) => {
    // A statement with options of its own is its caller's alone.
    if (options) return prepare(sql, options);
    let statement = statements.get(sql);
    if (!statement) {
      if (statements.size >= MAX_STATEMENTS) statements.clear();
      statement = prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  return db;
}

function dropAllTables(db: Database): void {
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[];
  db.exec("PRAGMA foreign_keys = OFF");
  for (const { name } of tables) db.exec(`DROP TABLE IF EXISTS "${name}"`);
  db.exec("PRAGMA foreign_keys = ON");
}

export function isSeeded(db: Database): boolean {
  const row = db.prepare("SELECT value FROM meta WHERE key = 'seeded_at'").get();
  return row !== undefined;
}

/** Empties the marketplace data and the identity provider's state; keeps the signing keys. */
export function wipe(db: Database): void {
  db.exec("BEGIN");
  try {
    for (const table of dataTables) db.exec(`DELETE FROM ${table}`);
    db.exec("DELETE FROM oidc_models");
    db.exec("DELETE FROM meta WHERE key = 'seeded_at'");
    db.exec("COMMIT");
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
}

let savepoints = 0;

/**
 * Runs `work` in a transaction, or inside the one already open (a savepoint): a change and its record of who
 * made it (sandbox/activity.ts) commit together, whichever opened the transaction.
 */
export function transaction<T>(db: Database, work: () => T): T {
  const name = `work_${++savepoints}`;
  db.exec(`SAVEPOINT ${name}`);
  try {
    const result = work();
    db.exec(`RELEASE ${name}`);
    return result;
  } catch (error) {
    db.exec(`ROLLBACK TO ${name}`);
    db.exec(`RELEASE ${name}`);
    throw error;
  }
}

export function readMeta(db: Database, key: string): string | undefined {
  const row = db.prepare("SELECT value FROM meta WHERE key = ?").get(key) as { value: string } | undefined;
  return row?.value;
}

export function writeMeta(db: Database, key: string, value: string): void {
  db.prepare("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value").run(key, value);
}
