import { randomUUID } from "node:crypto";
import type { Response } from "express";
import {
  type ActivityEntry,
  ActivityPage,
  ActivityParams,
  activityCsvColumns,
  MAX_ACTIVITY_PARAM_CHARS,
  type ActivityKind,
  type ActivityPerson,
  type ActivityQuery,
} from "#contract/activity.ts";
import type { Role } from "#contract/upstream.ts";
import { transaction, type Database } from "./db.ts";
import { csvLine } from "./http/csv.ts";
import { findSellerById, type UserRow } from "./repository.ts";

/**
 * The user-profile service's record of who did what for each seller
 * (contract/activity.ts). Each service route that changes a seller's data
 * records its change with one call, in the change's own transaction, from
 * the user of the request's access token: a staff member acting as the
 * seller is recorded as themselves, with the seller user they act as.
 */

/** What a route says of its change: the seller, the kind and the description's parameters. */
export type ActivityNote = { sellerId: string; kind: ActivityKind; params?: ActivityParams };

type ActingAs = { userId: string | null; email: string | null; role: Role };

/** Who made a change: the account, and while acting as a seller, the seller user they act as (the seed names it). */
type Actor = { user: Pick<UserRow, "id" | "email" | "role" | "substituted_seller_id">; actingAs?: ActingAs };

/** Records one change by the request's user. Call it inside the change's transaction (or use `recorded`). */
export function recordActivity(db: Database, res: Response, note: ActivityNote): void {
  const user = res.locals.user as UserRow | undefined;
  if (!user) throw new Error("recordActivity needs the service guard's user (a bearer policy)");
  insertActivity(db, { user }, note);
}

/** Runs a change and records it in one transaction; `note` answers null for an answer that changed nothing (a refusal). */
export function recorded<T>(db: Database, res: Response, change: () => T, note: (result: T) => ActivityNote | null): T {
  return transaction(db, () => {
    const result = change();
    const written = note(result);
    if (written) recordActivity(db, res, written);
    return result;
  });
}

/** The seller user a staff member acts as, from their open substitution of this seller. */
function actingAsOf(db: Database, actor: Actor, sellerId: string): ActingAs | null {
  if (actor.actingAs) return actor.actingAs;
  if (actor.user.substituted_seller_id !== sellerId) return null;
  const session = db
    .prepare(
      `SELECT s.as_user_id, u.email FROM substitution_sessions s LEFT JOIN users u ON u.id = s.as_user_id
       WHERE s.staff_user_id = ? AND s.seller_id = ? AND s.ended_at IS NULL ORDER BY s.started_at DESC LIMIT 1`,
    )
    .get(actor.user.id, sellerId) as { as_user_id: string | null; email: string | null } | undefined;
  // Staff acting as a seller have its administrator's role (toCurrentUser).
  return { userId: session?.as_user_id ?? null, email: session?.email ?? null, role: "SELLER_ADMINISTRATOR" };
}

export function insertActivity(db: Database, actor: Actor, note: ActivityNote, at = new Date().toISOString()): void {
  // A description, never a document: long values (a file's name) are cut rather than the change refused.
  const params = ActivityParams.parse(
    Object.fromEntries(
      Object.entries(note.params ?? {}).map(([name, value]) => [name, typeof value === "string" ? value.slice(0, MAX_ACTIVITY_PARAM_CHARS) : value]),
    ),
  );
  const actingAs = actingAsOf(db, actor, note.sellerId);
  db.prepare(
    `INSERT INTO seller_activity (id, seller_id, at, kind, actor_user_id, actor_email, actor_role, acting_as_user_id, acting_as_email, acting_as_role, params)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    `activity-${randomUUID()}`,
    note.sellerId,
    at,
    note.kind,
    actor.user.id,
    actor.user.email,
    actor.user.role,
    actingAs?.userId ?? null,
    actingAs?.email ?? null,
    actingAs?.role ?? null,
    JSON.stringify(params),
  );
}

type ActivityRow = {
  id: string;
  seller_id: string;
  at: string;
  kind: ActivityKind;
  actor_user_id: string;
  actor_email: string;
  actor_role: Role;
  acting_as_user_id: string | null;
  acting_as_email: string | null;
  acting_as_role: Role | null;
  params: string;
};

function toEntry(row: ActivityRow): ActivityEntry {
  return {
    id: row.id,
    at: row.at,
    sellerId: row.seller_id,
    kind: row.kind,
    actor: { userId: row.actor_user_id, name: null, email: row.actor_email, role: row.actor_role },
    actingAs: row.acting_as_role ? { userId: row.acting_as_user_id, email: row.acting_as_email, role: row.acting_as_role } : null,
    params: JSON.parse(row.params) as ActivityParams,
  };
}

function filterOf(sellerId: string, query: Pick<ActivityQuery, "person" | "kind">): { where: string; values: string[] } {
  const clauses = ["seller_id = ?"];
  const values = [sellerId];
  if (query.person) {
    clauses.push("actor_user_id = ?");
    values.push(query.person);
  }
  if (query.kind) {
    clauses.push("kind = ?");
    values.push(query.kind);
  }
  return { where: clauses.join(" AND "), values };
}

/** One page of the seller's record, newest first, with everyone who has an entry (the person filter's choices). */
export function activityPage(db: Database, sellerId: string, query: ActivityQuery): ActivityPage {
  const seller = findSellerById(db, sellerId);
  const { where, values } = filterOf(sellerId, query);
  const { total } = db.prepare(`SELECT count(*) AS total FROM seller_activity WHERE ${where}`).get(...values) as { total: number };
  const rows = db
    .prepare(`SELECT * FROM seller_activity WHERE ${where} ORDER BY seq DESC LIMIT ? OFFSET ?`)
    .all(...values, query.size, (query.page - 1) * query.size) as ActivityRow[];
  // The latest address a person was recorded with names them.
  const people = db
    .prepare(
      `SELECT actor_user_id AS userId, actor_email AS email FROM seller_activity a
       WHERE seller_id = ? AND seq = (SELECT max(seq) FROM seller_activity b WHERE b.seller_id = a.seller_id AND b.actor_user_id = a.actor_user_id)
       ORDER BY actor_email COLLATE NOCASE`,
    )
    .all(sellerId) as { userId: string; email: string }[];
  return ActivityPage.parse({
    sellerId,
    sellerName: seller?.name ?? "",
    entries: rows.map(toEntry),
    page: query.page,
    size: query.size,
    total,
    people: people.map((person): ActivityPerson => ({ ...person, name: null })),
  });
}

const EXPORT_BATCH = 500;
const BYTE_ORDER_MARK = "\uFEFF";

/**
 * The whole filtered record as CSV, newest first, written batch by batch as
 * the client reads it (a seller's record has no upper bound). Cells that a
 * spreadsheet would take for a formula are neutralised.
 */
export async function streamActivityCsv(db: Database, res: Response, sellerId: string, query: Pick<ActivityQuery, "person" | "kind">): Promise<void> {
  const { where, values } = filterOf(sellerId, query);
  res.status(200);
  res.setHeader("Content-Type", "text/csv; charset=utf-8");
  res.setHeader("Content-Disposition", `attachment; filename="activity-${sellerId}.csv"`);
  res.setHeader("Cache-Control", "private, no-store");
  const write = (text: string) => (res.write(text) ? Promise.resolve() : new Promise<void>((resolve) => res.once("drain", resolve)));
  await write(BYTE_ORDER_MARK + csvLine(activityCsvColumns));
  let before = Number.MAX_SAFE_INTEGER;
  for (;;) {
    const rows = db
      .prepare(`SELECT seq, * FROM seller_activity WHERE ${where} AND seq < ? ORDER BY seq DESC LIMIT ?`)
      .all(...values, before, EXPORT_BATCH) as (ActivityRow & { seq: number })[];
    if (rows.length === 0 || res.destroyed) break;
    before = rows.at(-1)!.seq;
    await write(
      rows
        .map((row) =>
          csvLine([
            row.at,
            row.kind,
            row.actor_user_id,
            "",
            row.actor_email,
            row.actor_role,
            row.acting_as_user_id,
            row.acting_as_email,
            row.acting_as_role,
            row.params === "{}" ? "" : row.params,
          ]),
        )
        .join(""),
    );
  }
  res.end();
}
