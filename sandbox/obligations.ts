/**
 * The marketplace's compliance calendar (contract/obligations.ts): rules kept
 * as data (obligation_rules), from which the sandbox computes what each
 * seller owes against its own clock (sandbox/clock.ts, moved by tests through
 * the control interface): an ID's expiry from the identification step (or a
 * newer ID document confirmed as a change of my company since), a
 * register extract's age from the documents step (or a newer extract
 * confirmed as a change of my company), a VAT confirmation that failed, and
 * requirements new for every seller. The result is kept per seller
 * (seller_obligations: the staff list filters on it) each time the calendar
 * runs: on a read of one seller, on the marketplace's job, and when the
 * clock moves. The job also sends the reminders (REMINDER_DAYS before the
 * date, each once) through the notification service.
 */
import {
  addDays,
  Obligation,
  ObligationList,
  obligationState,
  ObligationRestriction,
  REMINDER_DAYS,
  reminderDue,
  restrictionsOf,
  type ObligationKind,
} from "#contract/obligations.ts";
import { VatConfirmation } from "#contract/vat-confirmation.ts";
import { nextPayoutDay, PayoutSchedule } from "#contract/payouts.ts";
import { z } from "zod";
import type { Database } from "./db.ts";
import { obligationComingDue } from "./notification-events.ts";

export const obligationSources = ["ID_DOCUMENT_EXPIRY", "REGISTER_EXTRACT_AGE", "VAT_CONFIRMATION", "NEW_REQUIREMENT"] as const;
export type ObligationSource = (typeof obligationSources)[number];

/** A rule as the control interface adds one (and the seed writes them). */
export const ObligationRuleInput = z.object({
  id: z.string().regex(/^[a-z0-9-]{2,64}$/),
  source: z.enum(obligationSources),
  kind: z.enum(["NEW_REQUIREMENT", "DOCUMENT_EXPIRES", "CONFIRMATION_FAILED"]),
  subject: z.string().regex(/^[A-Z][A-Z0-9_]{1,63}$/),
  reasonKey: z.string().regex(/^[a-zA-Z][a-zA-Z0-9]{1,63}$/),
  params: z
    .object({
      /** Shown this many days before the due date (documents). */
      leadDays: z.number().int().min(0).max(3650).optional(),
      /** The oldest a register extract may be. */
      maxAgeDays: z.number().int().min(1).max(3650).optional(),
      /** Days after a failed confirmation to put it right. */
      graceDays: z.number().int().min(0).max(3650).optional(),
      /** A new requirement's date (none: owed now). */
      dueDate: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/)
        .optional(),
    })
    .default({}),
  restricts: z.array(ObligationRestriction).default([]),
  sellerStates: z.array(z.string()).min(1).default(["ACTIVE"]),
  actionPath: Obligation.shape.actionPath,
});
export type ObligationRuleInput = z.input<typeof ObligationRuleInput>;
type ObligationRule = z.infer<typeof ObligationRuleInput>;

/** The marketplace's rules as the seed writes them. */
export const seedObligationRules: ObligationRuleInput[] = [
  {
    id: "identity-document-expiry",
    source: "ID_DOCUMENT_EXPIRY",
    kind: "DOCUMENT_EXPIRES",
    subject: "IDENTITY_DOCUMENT",
    reasonKey: "documentExpires",
    params: { leadDays: 30 },
    restricts: ["CATALOGUE_UPDATES", "PAYOUTS"],
    actionPath: "/home/my-company/legal-documents",
  },
  {
    id: "register-extract-age",
    source: "REGISTER_EXTRACT_AGE",
    kind: "DOCUMENT_EXPIRES",
    subject: "COMMERCIAL_REGISTER_EXTRACT",
    reasonKey: "extractTooOld",
    params: { leadDays: 30, maxAgeDays: 365 },
    restricts: ["CATALOGUE_UPDATES"],
    actionPath: "/home/my-company/legal-documents",
  },
  {
    id: "vat-id-not-confirmed",
    source: "VAT_CONFIRMATION",
    kind: "CONFIRMATION_FAILED",
    subject: "VAT_ID",
    reasonKey: "vatNotConfirmed",
    params: { graceDays: 14 },
    restricts: ["PAYOUTS"],
    actionPath: "/home/my-company/company-info",
  },
  {
    // Before the hand-over: an ID that runs out while the shop is being set up is renewed in the identification step.
    id: "identity-document-expiry-onboarding",
    source: "ID_DOCUMENT_EXPIRY",
    kind: "DOCUMENT_EXPIRES",
    subject: "IDENTITY_DOCUMENT",
    reasonKey: "documentExpires",
    params: { leadDays: 30 },
    restricts: ["HAND_OVER"],
    sellerStates: ["REGISTERED", "ONBOARDING"],
    actionPath: "/shop-setup/identification",
  },
];

export function writeObligationRule(db: Database, input: ObligationRuleInput): void {
  const rule = ObligationRuleInput.parse(input);
  const position = (db.prepare("SELECT coalesce(max(position), 0) + 1 AS next FROM obligation_rules").get() as { next: number }).next;
  db.prepare(
    `INSERT INTO obligation_rules (id, source, kind, subject, reason_key, params, restricts, seller_states, action_path, position)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET source = excluded.source, kind = excluded.kind, subject = excluded.subject, reason_key = excluded.reason_key,
       params = excluded.params, restricts = excluded.restricts, seller_states = excluded.seller_states, action_path = excluded.action_path`,
  ).run(
    rule.id,
    rule.source,
    rule.kind,
    rule.subject,
    rule.reasonKey,
    JSON.stringify(rule.params),
    JSON.stringify(rule.restricts),
    JSON.stringify(rule.sellerStates),
    rule.actionPath,
    position,
  );
}

type RuleRow = {
  id: string;
  source: ObligationSource;
  kind: ObligationKind;
  subject: string;
  reason_key: string;
  params: string;
  restricts: string;
  seller_states: string;
  action_path: string;
};

function readRules(db: Database): ObligationRule[] {
  const rows = db.prepare("SELECT * FROM obligation_rules ORDER BY position, id").all() as RuleRow[];
  return rows.flatMap((row) => {
    const parsed = ObligationRuleInput.safeParse({
      id: row.id,
      source: row.source,
      kind: row.kind,
      subject: row.subject,
      reasonKey: row.reason_key,
      params: JSON.parse(row.params),
      restricts: JSON.parse(row.restricts),
      sellerStates: JSON.parse(row.seller_states),
      actionPath: row.action_path,
    });
    return parsed.success ? [parsed.data] : [];
  });
}

/** The facts the rules read, for the sellers asked about (all when `sellerId` is absent), each in one query. */
function gatherFacts(db: Database, sellerId: string | undefined) {
  const one = sellerId ?? null;
  const sellers = db.prepare("SELECT id, state FROM sellers WHERE (? IS NULL OR id = ?)").all(one, one) as { id: string; state: string }[];
  const idExpiry = new Map(
    (
      db
        .prepare(
          "SELECT seller_id, json_extract(data, '$.expiryDate') AS expiry FROM onboarding_steps WHERE step = 'identification' AND (? IS NULL OR seller_id = ?)",
        )
        .all(one, one) as { seller_id: string; expiry: unknown }[]
    )
      .filter((row) => typeof row.expiry === "string")
      .map((row) => [row.seller_id, row.expiry as string]),
  );
  // A newer ID document confirmed as a change of my company since: its expiry date is the one on record.
  const renewed = db
    .prepare(
      `SELECT seller_id, json_extract(data, '$.values.expiryDate') AS expiry FROM company_changes
       WHERE kind = 'LEGAL_DOCUMENT' AND target = 'IDENTITY_DOCUMENT' AND status = 'CONFIRMED' AND decided_at IS NOT NULL
         AND (? IS NULL OR seller_id = ?)
       ORDER BY decided_at, rowid`,
    )
    .all(one, one) as { seller_id: string; expiry: unknown }[];
  for (const row of renewed) if (typeof row.expiry === "string") idExpiry.set(row.seller_id, row.expiry);
  // The newest extract: the documents step's, or one confirmed as a change of my company since.
  const extractAt = new Map<string, string>();
  const extracts = db
    .prepare(
      `SELECT seller_id, max(at) AS at FROM (
         SELECT seller_id, uploaded_at AS at FROM onboarding_documents WHERE kind = 'TRADE_REGISTER_EXTRACT'
         UNION ALL
         SELECT seller_id, decided_at AS at FROM company_changes
           WHERE kind = 'LEGAL_DOCUMENT' AND target = 'COMMERCIAL_REGISTER_EXTRACT' AND status = 'CONFIRMED' AND decided_at IS NOT NULL
       ) WHERE (? IS NULL OR seller_id = ?) GROUP BY seller_id`,
    )
    .all(one, one) as { seller_id: string; at: string }[];
  for (const row of extracts) extractAt.set(row.seller_id, row.at);
  const vat = new Map<string, VatConfirmation>();
  for (const row of db.prepare("SELECT seller_id, data FROM vat_confirmations WHERE (? IS NULL OR seller_id = ?)").all(one, one) as {
    seller_id: string;
    data: string;
  }[]) {
    const parsed = VatConfirmation.safeParse(JSON.parse(row.data));
    if (parsed.success) vat.set(row.seller_id, parsed.data);
  }
  const fulfilled = new Set(
    (
      db.prepare("SELECT seller_id, rule_id FROM obligation_fulfilments WHERE (? IS NULL OR seller_id = ?)").all(one, one) as {
        seller_id: string;
        rule_id: string;
      }[]
    ).map((row) => `${row.seller_id} ${row.rule_id}`),
  );
  return { sellers, idExpiry, extractAt, vat, fulfilled };
}

type Facts = ReturnType<typeof gatherFacts>;

/** One rule's obligation for one seller on a day, or none (nothing owed, or not shown yet). */
function obligationOf(rule: ObligationRule, seller: { id: string; state: string }, facts: Facts, today: string): Obligation | null {
  if (!rule.sellerStates.includes(seller.state)) return null;
  const lead = rule.params.leadDays ?? 30;
  let dueDate: string | null;
  let facts_: Record<string, string | number>;
  let fulfilled = false;
  switch (rule.source) {
    case "ID_DOCUMENT_EXPIRY": {
      const expiry = facts.idExpiry.get(seller.id);
      if (!expiry) return null;
      // The last day it is valid is the day before it expires.
      dueDate = addDays(expiry, -1);
      if (today < addDays(dueDate, -lead)) return null;
      facts_ = { expiryDate: expiry };
      break;
    }
    case "REGISTER_EXTRACT_AGE": {
      const at = facts.extractAt.get(seller.id);
      if (!at) return null;
      const maxAge = rule.params.maxAgeDays ?? 365;
      dueDate = addDays(at.slice(0, 10), maxAge);
      if (today < addDays(dueDate, -lead)) return null;
      facts_ = { uploadedOn: at.slice(0, 10), maxAgeDays: maxAge };
      break;
    }
    case "VAT_CONFIRMATION": {
      const confirmation = facts.vat.get(seller.id);
      if (!confirmation || confirmation.state !== "NOT_VALID") return null;
      dueDate = addDays(confirmation.checkedAt.slice(0, 10), rule.params.graceDays ?? 14);
      facts_ = { checkedOn: confirmation.checkedAt.slice(0, 10), vatId: confirmation.requested.vatId };
      break;
    }
    case "NEW_REQUIREMENT": {
      dueDate = rule.params.dueDate ?? null;
      fulfilled = facts.fulfilled.has(`${seller.id} ${rule.id}`);
      facts_ = dueDate ? { dueDate } : {};
      break;
    }
  }
  const state = obligationState({ dueDate, fulfilled }, today);
  if (state === "FULFILLED") return null;
  return {
    // The date belongs to the id: a document renewed is a new obligation, with reminders of its own.
    id: `${rule.id}:${dueDate ?? "now"}`,
    sellerId: seller.id,
    kind: rule.kind,
    subject: rule.subject,
    reason: { key: rule.reasonKey, facts: facts_ },
    state,
    dueDate,
    restrictsWhenPastDue: rule.restricts,
    actionPath: rule.actionPath,
  };
}

const byDueDate = (a: Obligation, b: Obligation) => (a.dueDate ?? "0000-00-00").localeCompare(b.dueDate ?? "0000-00-00") || a.id.localeCompare(b.id);

/**
 * Computes what the sellers owe on `today` and keeps it (one seller, or all), in one transaction. Answers each
 * seller's open obligations.
 */
export function runObligationCalendar(db: Database, today: string, options: { sellerId?: string } = {}): Map<string, Obligation[]> {
  const rules = readRules(db);
  const facts = gatherFacts(db, options.sellerId);
  const result = new Map<string, Obligation[]>();
  for (const seller of facts.sellers) {
    result.set(
      seller.id,
      rules
        .map((rule) => obligationOf(rule, seller, facts, today))
        .filter((obligation): obligation is Obligation => obligation !== null)
        .sort(byDueDate),
    );
  }
  const write = () => {
    const remove = db.prepare("DELETE FROM seller_obligations WHERE seller_id = ?");
    const insert = db.prepare("INSERT INTO seller_obligations (seller_id, id, state, due_date, data) VALUES (?, ?, ?, ?, ?)");
    if (!options.sellerId) db.prepare("DELETE FROM seller_obligations").run();
    for (const [sellerId, obligations] of result) {
      if (options.sellerId) remove.run(sellerId);
      for (const obligation of obligations) insert.run(sellerId, obligation.id, obligation.state, obligation.dueDate, JSON.stringify(obligation));
    }
  };
  if (db.isTransaction) write();
  else {
    db.exec("BEGIN");
    try {
      write();
      db.exec("COMMIT");
    } catch (error) {
      db.exec("ROLLBACK");
      throw error;
    }
  }
  return result;
}

/** One seller's obligations now (computed afresh), as the service answers them. */
export function obligationListOf(db: Database, sellerId: string, today: string): ObligationList {
  const obligations = runObligationCalendar(db, today, { sellerId }).get(sellerId) ?? [];
  return ObligationList.parse({ today, obligations, restricted: restrictionsOf(obligations) });
}

/** Whether a seller's past-due obligations restrict this now (the service's own check of a restricted action). */
export function restrictedNow(db: Database, sellerId: string, today: string, restriction: ObligationRestriction): boolean {
  return obligationListOf(db, sellerId, today).restricted.includes(restriction);
}

/** The seller's payouts on `today`: held while a past-due obligation restricts PAYOUTS (contract/payouts.ts). */
export function payoutScheduleOf(db: Database, sellerId: string, today: string): PayoutSchedule {
  const heldBy = obligationListOf(db, sellerId, today).obligations.filter(
    (obligation) => obligation.state === "PAST_DUE" && obligation.restrictsWhenPastDue.includes("PAYOUTS"),
  );
  return PayoutSchedule.parse({ today, state: heldBy.length > 0 ? "HELD" : "SCHEDULED", nextPayoutDate: nextPayoutDay(today), heldBy });
}

/**
 * The marketplace's job: computes every seller's obligations on `today`, then reminds the sellers' administrators
 * of each coming due (REMINDER_DAYS before its date, each once; a jump past both sends the nearer). Answers the
 * reminders sent.
 */
export function runObligationJob(db: Database, today: string, now = new Date()): { sellers: number; reminded: number } {
  const all = runObligationCalendar(db, today);
  const sentOf = db.prepare("SELECT days FROM obligation_reminders WHERE seller_id = ? AND obligation_id = ?");
  const record = db.prepare("INSERT OR IGNORE INTO obligation_reminders (seller_id, obligation_id, days, sent_at) VALUES (?, ?, ?, ?)");
  let reminded = 0;
  for (const [sellerId, obligations] of all) {
    for (const obligation of obligations) {
      if (obligation.state !== "DUE_BY" || !obligation.dueDate) continue;
      const sent = (sentOf.all(sellerId, obligation.id) as { days: number }[]).map((row) => row.days);
      const days = reminderDue(obligation.dueDate, today, sent);
      if (days === null) continue;
      // Every threshold reached is done with: a later run never sends the farther one after the nearer.
      for (const threshold of [days, ...REMINDER_DAYS.filter((other) => other > days)]) record.run(sellerId, obligation.id, threshold, now.toISOString());
      obligationComingDue(db, obligation, today);
      reminded += 1;
    }
  }
  return { sellers: all.size, reminded };
}

/** A new requirement fulfilled by a seller (the control interface, standing in for the marketplace's own check). */
export function fulfilObligationRule(db: Database, sellerId: string, ruleId: string, now = new Date()): boolean {
  const rule = db.prepare("SELECT source FROM obligation_rules WHERE id = ?").get(ruleId) as { source: string } | undefined;
  if (!rule || rule.source !== "NEW_REQUIREMENT") return false;
  db.prepare("INSERT OR IGNORE INTO obligation_fulfilments (seller_id, rule_id, fulfilled_at) VALUES (?, ?, ?)").run(sellerId, ruleId, now.toISOString());
  return true;
}
