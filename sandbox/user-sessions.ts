import { randomUUID } from "node:crypto";
import { UserSession } from "#contract/upstream.ts";
import type { Database } from "./db.ts";

/**
 * The portal's sessions, as the user-profile service keeps them. A session
 * is open from its start until it is ended or its expiry passes; rows past
 * their expiry are dropped whenever a new session starts.
 */

type SessionRow = { id: string; created_at: string; expires_at: string };

const toUserSession = (row: SessionRow) => UserSession.parse({ sessionId: row.id, createdAt: row.created_at, expiresAt: row.expires_at });

export function startUserSession(db: Database, userId: string, expiresAt: Date, now = new Date()): UserSession {
  db.prepare("DELETE FROM user_sessions WHERE expires_at <= ?").run(now.toISOString());
  const row: SessionRow = { id: randomUUID(), created_at: now.toISOString(), expires_at: expiresAt.toISOString() };
  db.prepare("INSERT INTO user_sessions (id, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)").run(row.id, userId, row.created_at, row.expires_at);
  return toUserSession(row);
}

/** The session when it is the user's and still open; undefined otherwise. */
export function openUserSession(db: Database, userId: string, sessionId: string, now = new Date()): UserSession | undefined {
  const row = db
    .prepare("SELECT id, created_at, expires_at FROM user_sessions WHERE id = ? AND user_id = ? AND ended_at IS NULL AND expires_at > ?")
    .get(sessionId, userId, now.toISOString()) as SessionRow | undefined;
  return row ? toUserSession(row) : undefined;
}

export function endUserSession(db: Database, userId: string, sessionId: string, now = new Date()): void {
  db.prepare("UPDATE user_sessions SET ended_at = ? WHERE id = ? AND user_id = ? AND ended_at IS NULL").run(now.toISOString(), sessionId, userId);
}
