/**
 * The tables of the marketplace's compliance calendar (contract/obligations.ts): the rules as data, what the
 * rules make each seller owe as last computed, the reminders sent, and the new requirements a seller fulfilled.
 * Part of the one database (db.ts).
 */
export const obligationsSchema = `
/**
 * A rule: where its obligations come from (\`source\`: an ID's expiry, a register extract's age, a failed VAT
 * confirmation, a requirement new for every seller in \`seller_states\`), its parameters (JSON: lead days,
 * accepted age, grace days, a fixed due date), what it restricts once past due (JSON list) and where to act.
 */
CREATE TABLE IF NOT EXISTS obligation_rules (
  id TEXT PRIMARY KEY,
  source TEXT NOT NULL,
  kind TEXT NOT NULL,
  subject TEXT NOT NULL,
  reason_key TEXT NOT NULL,
  params TEXT NOT NULL DEFAULT '{}',
  restricts TEXT NOT NULL DEFAULT '[]',
  seller_states TEXT NOT NULL DEFAULT '["ACTIVE"]',
  action_path TEXT NOT NULL,
  position INTEGER NOT NULL
);
/** What each seller owes, as the calendar's last run computed it (the staff list filters on it). */
CREATE TABLE IF NOT EXISTS seller_obligations (
  seller_id TEXT NOT NULL REFERENCES sellers(id) ON DELETE CASCADE,
  id TEXT NOT NULL,
  state TEXT NOT NULL,
  due_date TEXT,
  data TEXT NOT NULL,
  PRIMARY KEY (seller_id, id)
);
CREATE INDEX IF NOT EXISTS seller_obligations_state ON seller_obligations (state, seller_id);
/** A reminder sent: once per obligation and number of days before its date. */
CREATE TABLE IF NOT EXISTS obligation_reminders (
  seller_id TEXT NOT NULL REFERENCES sellers(id) ON DELETE CASCADE,
  obligation_id TEXT NOT NULL,
  days INTEGER NOT NULL,
  sent_at TEXT NOT NULL,
  PRIMARY KEY (seller_id, obligation_id, days)
);
/** A new requirement a seller fulfilled (the other sources are fulfilled by the seller's data itself). */
CREATE TABLE IF NOT EXISTS obligation_fulfilments (
  seller_id TEXT NOT NULL REFERENCES sellers(id) ON DELETE CASCADE,
  rule_id TEXT NOT NULL REFERENCES obligation_rules(id) ON DELETE CASCADE,
  fulfilled_at TEXT NOT NULL,
  PRIMARY KEY (seller_id, rule_id)
);
`;

/** Emptied by a reset, children first. */
export const obligationTables = ["obligation_fulfilments", "obligation_reminders", "seller_obligations", "obligation_rules"] as const;
