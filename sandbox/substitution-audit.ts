import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import { SubstitutionAudit, type SubstitutionChangeKind, type SubstitutionEnd } from "#contract/staff-seller.ts";
import type { Database } from "./db.ts";
import type { UserRow } from "./repository.ts";

/**
 * The marketplace's record of staff acting as a seller (as django-hijack
 * keeps one): each substitution from start to end, and every change made
 * during it, read from the service requests themselves so that no client
 * can leave one out.
 */

/** Starts a substitution; one the staff member still had open (for another seller) ends as switched. */
export function startSubstitution(
  db: Database,
  staffUserId: string,
  sellerId: string,
  { asUserId = null, at = new Date().toISOString() }: { asUserId?: string | null; at?: string } = {},
): void {
  endSubstitution(db, staffUserId, "SWITCHED", at);
  db.prepare("INSERT INTO substitution_sessions (id, staff_user_id, seller_id, started_at, as_user_id) VALUES (?, ?, ?, ?, ?)").run(
    `substitution-${randomUUID()}`,
    staffUserId,
    sellerId,
    at,
    asUserId,
  );
}

export function endSubstitution(db: Database, staffUserId: string, endedBy: SubstitutionEnd, at = new Date().toISOString()): void {
  db.prepare("UPDATE substitution_sessions SET ended_at = ?, ended_by = ? WHERE staff_user_id = ? AND ended_at IS NULL").run(at, endedBy, staffUserId);
}

type Classified = { kind: SubstitutionChangeKind; subject: (db: Database, request: { path: string; fileId?: string }) => string | null };

const none = () => null;
const fileName = (db: Database, request: { fileId?: string }) =>
  request.fileId
    ? ((db.prepare("SELECT file_name FROM catalogue_files WHERE id = ?").get(request.fileId) as { file_name: string } | undefined)?.file_name ?? null)
    : null;

/**
 * What a state-changing request changes, by service path. Requests that ask
 * rather than change (duplicate checks, a dashboard token), the portal's own
 * bookkeeping (a file's check, the remembered mapping) and the substitution
 * itself are no changes: null.
 */
function classify(method: string, path: string): Classified | null {
  const rules: [string, RegExp, Classified | null][] = [
    [
      "PUT",
      /^\/onboarding\/me\/seller\/onboarding\/steps\/([\w-]+)$/,
      { kind: "SHOP_SETUP_STEP_SAVED", subject: (_db, r) => r.path.split("/").at(-1) ?? null },
    ],
    ["POST", /^\/onboarding\/me\/seller\/onboarding\/documents$/, { kind: "DOCUMENT_UPLOADED", subject: none }],
    ["DELETE", /^\/onboarding\/me\/seller\/onboarding\/documents\/[^/]+$/, { kind: "DOCUMENT_DELETED", subject: none }],
    ["PATCH", /^\/onboarding\/me\/seller\/upload-settings$/, { kind: "UPLOAD_SETTINGS_SAVED", subject: none }],
    ["PUT", /^\/onboarding\/me\/seller\/catalogue-import-progress\/mark-as-filled$/, { kind: "CATALOGUE_STEP_MARKED", subject: none }],
    ["POST", /^\/onboarding\/me\/seller\/finish-upload$/, { kind: "HANDED_OVER", subject: none }],
    ["POST", /^\/onboarding\/me\/seller\/guest-token$/, null],
    ["POST", /^\/catalogue-upload\/me\/seller\/file$/, { kind: "CATALOGUE_FILE_UPLOADED", subject: none }],
    ["DELETE", /^\/catalogue-upload\/me\/seller\/file$/, { kind: "CATALOGUE_FILE_DELETED", subject: fileName }],
    ["PATCH", /^\/catalogue-upload\/me\/seller\/file$/, { kind: "CATALOGUE_MAPPING_SAVED", subject: fileName }],
    ["PUT", /^\/catalogue-upload\/me\/seller\/file\/analysis$/, null],
    ["PUT", /^\/catalogue-upload\/me\/seller\/catalogue-mapping-memory$/, null],
    ["PUT", /^\/user-profile\/me\/user\/language$/, { kind: "LANGUAGE_CHANGED", subject: none }],
    ["POST", /^\/user-profile\/me\/user\/substitute-into-seller-user$/, null],
    ["DELETE", /^\/user-profile\/me\/user\/remove-substitution$/, null],
    ["POST", /^\/seller-service\/seller\/3\/sellerNameExists\/?$/, null],
    ["POST", /^\/onboarding\/api-external\/sellers\/existsByCrmId$/, null],
    ["POST", /^\/user-profile\/users\/existsByEmail$/, null],
    // The staff member's own notifications and e-mail settings: none of the seller's.
    ["POST", /^\/notifications\/me\/notifications\//, null],
    ["PUT", /^\/notifications\/me\/notification-preferences$/, null],
  ];
  const rule = rules.find(([ruleMethod, pattern]) => ruleMethod === method && pattern.test(path));
  return rule ? rule[2] : { kind: "OTHER", subject: none };
}

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Runs after a service's guard: records each state-changing request of a substituting staff member with its answer. */
export function recordSubstitutedChanges(db: Database, prefix: string): RequestHandler {
  return (req, res, next) => {
    const user = res.locals.user as UserRow | undefined;
    if (!user?.substituted_seller_id || READS.has(req.method)) return next();
    const path = `${prefix}${req.path}`;
    const classified = classify(req.method, path);
    if (!classified) return next();
    const sellerId = user.substituted_seller_id;
    const fileId = typeof req.query.fileId === "string" ? req.query.fileId : undefined;
    // Read before the request runs: a deleted file has no name afterwards.
    const subject = classified.subject(db, { path, fileId });
    const at = new Date().toISOString();
    res.on("finish", () => {
      const session = db
        .prepare("SELECT id FROM substitution_sessions WHERE staff_user_id = ? AND seller_id = ? AND ended_at IS NULL ORDER BY started_at DESC LIMIT 1")
        .get(user.id, sellerId) as { id: string } | undefined;
      if (!session) return;
      db.prepare("INSERT INTO substitution_changes (session_id, at, kind, subject, method, path, status) VALUES (?, ?, ?, ?, ?, ?, ?)").run(
        session.id,
        at,
        classified.kind,
        subject,
        req.method,
        path,
        res.statusCode,
      );
    });
    next();
  };
}

type SessionRow = {
  id: string;
  staff_user_id: string;
  staff_email: string | null;
  started_at: string;
  ended_at: string | null;
  ended_by: SubstitutionEnd | null;
};
type ChangeRow = { session_id: string; at: string; kind: SubstitutionChangeKind; subject: string | null; method: string; path: string; status: number };

/** Who acted as the seller, newest first, each with what they changed in order. */
export function substitutionAudit(db: Database, sellerId: string, limit = 50): SubstitutionAudit {
  const sessions = db
    .prepare(
      `SELECT s.id, s.staff_user_id, u.email AS staff_email, s.started_at, s.ended_at, s.ended_by
       FROM substitution_sessions s LEFT JOIN users u ON u.id = s.staff_user_id
       WHERE s.seller_id = ? ORDER BY s.started_at DESC, s.rowid DESC LIMIT ?`,
    )
    .all(sellerId, limit) as SessionRow[];
  const changes = sessions.length
    ? (db
        .prepare(`SELECT * FROM substitution_changes WHERE session_id IN (${sessions.map(() => "?").join(",")}) ORDER BY at, rowid`)
        .all(...sessions.map((session) => session.id)) as ChangeRow[])
    : [];
  return SubstitutionAudit.parse({
    sellerId,
    sessions: sessions.map((session) => ({
      id: session.id,
      staffUserId: session.staff_user_id,
      staffEmail: session.staff_email,
      startedAt: session.started_at,
      endedAt: session.ended_at,
      endedBy: session.ended_by,
      changes: changes
        .filter((change) => change.session_id === session.id)
        .map((change) => ({ at: change.at, kind: change.kind, subject: change.subject, method: change.method, path: change.path, status: change.status })),
    })),
  });
}
