import type { Database } from "../db.ts";

/**
 * oidc-provider's storage on the sandbox's SQLite file: one table for every
 * model (Session, Interaction, AuthorizationCode, AccessToken, RefreshToken,
 * Grant, …), so sign-ins, codes and tokens survive a restart.
 */
type Payload = Record<string, unknown> & { grantId?: string; userCode?: string; uid?: string; consumed?: number };

type Row = { payload: string; expires_at: number | null };

export class SqliteAdapter {
  readonly #db: Database;
  readonly #model: string;

  constructor(db: Database, model: string) {
    this.#db = db;
    this.#model = model;
  }

  async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
    const expiresAt = typeof expiresIn === "number" ? Date.now() + expiresIn * 1000 : null;
    this.#db
      .prepare(
        `INSERT INTO oidc_models (model, id, payload, expires_at, grant_id, user_code, uid)
         VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (model, id) DO UPDATE SET payload = excluded.payload, expires_at = excluded.expires_at,
           grant_id = excluded.grant_id, user_code = excluded.user_code, uid = excluded.uid`,
      )
      .run(this.#model, id, JSON.stringify(payload), expiresAt, payload.grantId ?? null, payload.userCode ?? null, payload.uid ?? null);
  }

  async find(id: string): Promise<Payload | undefined> {
    return this.#first("id = ?", id);
  }

  async findByUid(uid: string): Promise<Payload | undefined> {
    return this.#first("uid = ?", uid);
  }

  async findByUserCode(userCode: string): Promise<Payload | undefined> {
    return this.#first("user_code = ?", userCode);
  }

  async consume(id: string): Promise<void> {
    this.#db
      .prepare("UPDATE oidc_models SET payload = json_set(payload, '$.consumed', ?) WHERE model = ? AND id = ?")
      .run(Math.floor(Date.now() / 1000), this.#model, id);
  }

  async destroy(id: string): Promise<void> {
    this.#db.prepare("DELETE FROM oidc_models WHERE model = ? AND id = ?").run(this.#model, id);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    this.#db.prepare("DELETE FROM oidc_models WHERE grant_id = ?").run(grantId);
  }

  #first(condition: string, value: string): Payload | undefined {
    const row = this.#db.prepare(`SELECT payload, expires_at FROM oidc_models WHERE model = ? AND ${condition}`).get(this.#model, value) as Row | undefined;
    if (!row) return undefined;
    if (row.expires_at !== null && row.expires_at <= Date.now()) {
      this.#db.prepare(`DELETE FROM oidc_models WHERE model = ? AND ${condition}`).run(this.#model, value);
      return undefined;
    }
    return JSON.parse(row.payload) as Payload;
  }
}

/** Drops the expired rows; run now and then so the table does not grow without end. */
export function purgeExpiredOidcModels(db: Database): void {
  db.prepare("DELETE FROM oidc_models WHERE expires_at IS NOT NULL AND expires_at <= ?").run(Date.now());
}
