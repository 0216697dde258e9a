import { createHash, randomBytes, randomUUID } from "node:crypto";
import { INVITATION_DAYS, SellerUser, SellerUserList, type ColleagueRole, type InvitationRefusal } from "#contract/team.ts";
import { insertActivity } from "./activity.ts";
import { transaction, type Database } from "./db.ts";
import { findSellerById, findUserByEmail, insertUser, type UserRow } from "./repository.ts";

/**
 * A seller's users and invitations (the user-profile service's part in
 * contract/team.ts). An invitation's token is stored hashed for the lookup;
 * its plain value is kept beside it only so that the control interface can
 * hand the link to tests and the demo, as the e-mail would.
 */

const DAY_MS = 86_400_000;

export type InvitationRow = {
  id: string;
  seller_id: string;
  email: string;
  role: ColleagueRole;
  token_hash: string;
  link_token: string;
  invited_by: string | null;
  invited_at: string;
  expires_at: string;
  accepted_at: string | null;
  withdrawn_at: string | null;
};

type RemovalRow = { id: string; seller_id: string; email: string; role: ColleagueRole; removed_at: string; removed_by: string | null };

export type TeamRefusal = { status: number; code: string; message: string };

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export function listSellerUsers(db: Database, sellerId: string): SellerUserList {
  const seller = findSellerById(db, sellerId);
  const users = db.prepare("SELECT * FROM users WHERE seller_id = ? ORDER BY created_at, id").all(sellerId) as UserRow[];
  const invitations = db
    .prepare("SELECT * FROM colleague_invitations WHERE seller_id = ? AND accepted_at IS NULL AND withdrawn_at IS NULL ORDER BY invited_at, id")
    .all(sellerId) as InvitationRow[];
  const removed = db.prepare("SELECT * FROM removed_seller_users WHERE seller_id = ? ORDER BY removed_at DESC, id").all(sellerId) as RemovalRow[];
  const inviter = (id: string | null) =>
    id ? ((db.prepare("SELECT email FROM users WHERE id = ?").get(id) as { email: string } | undefined)?.email ?? null) : null;
  return SellerUserList.parse({
    sellerId,
    sellerName: seller?.name ?? "",
    users: [
      ...users.map((user) => ({ id: user.id, email: user.email, role: user.role, state: "ACTIVE", since: user.created_at, expiresAt: null, invitedBy: null })),
      ...invitations.map((invitation) => toInvited(invitation, inviter(invitation.invited_by))),
      ...removed.map((row) => ({ id: row.id, email: row.email, role: row.role, state: "REMOVED", since: row.removed_at, expiresAt: null, invitedBy: null })),
    ],
  });
}

function toInvited(invitation: InvitationRow, invitedBy: string | null): SellerUser {
  return SellerUser.parse({
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    state: "INVITED",
    since: invitation.invited_at,
    expiresAt: invitation.expires_at,
    invitedBy,
  });
}

function openInvitation(db: Database, sellerId: string, invitationId: string): InvitationRow | undefined {
  return db
    .prepare("SELECT * FROM colleague_invitations WHERE id = ? AND seller_id = ? AND accepted_at IS NULL AND withdrawn_at IS NULL")
    .get(invitationId, sellerId) as InvitationRow | undefined;
}

/** Invites `email` as `role`: refused when the address has an account anywhere or an open invitation of this seller. */
export function inviteColleague(
  db: Database,
  input: { sellerId: string; email: string; role: ColleagueRole; invitedBy: string },
  now = new Date(),
): SellerUser | TeamRefusal {
  if (findUserByEmail(db, input.email)) {
    return { status: 409, code: "ACCOUNT_EXISTS", message: "An account with this e-mail address exists already" };
  }
  const pending =
    db
      .prepare("SELECT 1 FROM colleague_invitations WHERE seller_id = ? AND email = ? AND accepted_at IS NULL AND withdrawn_at IS NULL")
      .get(input.sellerId, input.email) ??
    db.prepare("SELECT 1 FROM seller_invitations WHERE seller_id = ? AND email = ? AND accepted_at IS NULL").get(input.sellerId, input.email);
  if (pending) return { status: 409, code: "ALREADY_INVITED", message: "This address is invited already" };
  const token = newToken();
  const row: InvitationRow = {
    id: `invitation-${randomUUID()}`,
    seller_id: input.sellerId,
    email: input.email,
    role: input.role,
    token_hash: hashToken(token),
    link_token: token,
    invited_by: input.invitedBy,
    invited_at: now.toISOString(),
    expires_at: new Date(now.getTime() + INVITATION_DAYS * DAY_MS).toISOString(),
    accepted_at: null,
    withdrawn_at: null,
  };
  insertInvitation(db, row);
  return toInvited(row, findInviterEmail(db, input.invitedBy));
}

export function insertInvitation(db: Database, row: InvitationRow): void {
  db.prepare(
    `INSERT INTO colleague_invitations (id, seller_id, email, role, token_hash, link_token, invited_by, invited_at, expires_at, accepted_at, withdrawn_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    row.id,
    row.seller_id,
    row.email,
    row.role,
    row.token_hash,
    row.link_token,
    row.invited_by,
    row.invited_at,
    row.expires_at,
    row.accepted_at,
    row.withdrawn_at,
  );
}

function findInviterEmail(db: Database, userId: string): string | null {
  return (db.prepare("SELECT email FROM users WHERE id = ?").get(userId) as { email: string } | undefined)?.email ?? null;
}

/** A new token and a new week: the old link stops working. */
export function resendInvitation(db: Database, sellerId: string, invitationId: string, now = new Date()): SellerUser | TeamRefusal {
  const invitation = openInvitation(db, sellerId, invitationId);
  if (!invitation) return { status: 404, code: "INVITATION_NOT_FOUND", message: `No open invitation ${invitationId}` };
  const token = newToken();
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * DAY_MS).toISOString();
  db.prepare("UPDATE colleague_invitations SET token_hash = ?, link_token = ?, invited_at = ?, expires_at = ? WHERE id = ?").run(
    hashToken(token),
    token,
    now.toISOString(),
    expiresAt,
    invitation.id,
  );
  return toInvited({ ...invitation, invited_at: now.toISOString(), expires_at: expiresAt }, findInviterEmail(db, invitation.invited_by ?? ""));
}

export function withdrawInvitation(db: Database, sellerId: string, invitationId: string, now = new Date()): TeamRefusal | null {
  const invitation = openInvitation(db, sellerId, invitationId);
  if (!invitation) return { status: 404, code: "INVITATION_NOT_FOUND", message: `No open invitation ${invitationId}` };
  db.prepare("UPDATE colleague_invitations SET withdrawn_at = ? WHERE id = ?").run(now.toISOString(), invitation.id);
  return null;
}

function sellerUser(db: Database, sellerId: string, userId: string): UserRow | undefined {
  return db.prepare("SELECT * FROM users WHERE id = ? AND seller_id = ?").get(userId, sellerId) as UserRow | undefined;
}

function administratorCount(db: Database, sellerId: string): number {
  return (db.prepare("SELECT count(*) AS n FROM users WHERE seller_id = ? AND role = 'SELLER_ADMINISTRATOR'").get(sellerId) as { n: number }).n;
}

/** Whether changing `target` (to `role`, or removing it: null) would leave the seller without an administrator. */
function leavesNoAdministrator(db: Database, target: UserRow, role: ColleagueRole | null): boolean {
  return target.role === "SELLER_ADMINISTRATOR" && role !== "SELLER_ADMINISTRATOR" && administratorCount(db, target.seller_id ?? "") <= 1;
}

function checkChange(db: Database, sellerId: string, actor: UserRow, userId: string, role: ColleagueRole | null): UserRow | TeamRefusal {
  const target = sellerUser(db, sellerId, userId);
  if (!target) return { status: 404, code: "USER_NOT_FOUND", message: `No user ${userId} at this seller` };
  if (leavesNoAdministrator(db, target, role)) {
    return { status: 409, code: "LAST_ADMINISTRATOR", message: "The seller's last administrator cannot be removed or made a viewer" };
  }
  if (target.id === actor.id) return { status: 409, code: "OWN_ACCOUNT", message: "Administrators change their colleagues, not themselves" };
  return target;
}

export function changeRole(db: Database, sellerId: string, actor: UserRow, userId: string, role: ColleagueRole): SellerUser | TeamRefusal {
  const target = checkChange(db, sellerId, actor, userId, role);
  if ("status" in target) return target;
  db.prepare("UPDATE users SET role = ? WHERE id = ?").run(role, target.id);
  return SellerUser.parse({ id: target.id, email: target.email, role, state: "ACTIVE", since: target.created_at, expiresAt: null, invitedBy: null });
}

/**
 * Removes the user: their account goes (sessions and tokens with it: the
 * provider finds no account any more), the seller keeps a line saying who was removed.
 */
export function removeUser(db: Database, sellerId: string, actor: UserRow, userId: string, now = new Date()): TeamRefusal | null {
  const target = checkChange(db, sellerId, actor, userId, null);
  if ("status" in target) return target;
  transaction(db, () => {
    db.prepare("INSERT INTO removed_seller_users (id, seller_id, email, role, removed_at, removed_by) VALUES (?, ?, ?, ?, ?, ?)").run(
      `removed-${randomUUID()}`,
      sellerId,
      target.email,
      target.role,
      now.toISOString(),
      actor.id,
    );
    db.prepare("DELETE FROM oidc_models WHERE json_extract(payload, '$.accountId') = ?").run(target.id);
    db.prepare("DELETE FROM users WHERE id = ?").run(target.id);
  });
  return null;
}

/** The invitation a token names, or why it cannot be used: checked on the registration page and again when it is sent. */
export function invitationForToken(db: Database, token: string, now = Date.now()): { invitation: InvitationRow } | { refusal: InvitationRefusal } {
  const invitation = db.prepare("SELECT * FROM colleague_invitations WHERE token_hash = ?").get(hashToken(token)) as InvitationRow | undefined;
  if (!invitation || !findSellerById(db, invitation.seller_id)) return { refusal: "UNKNOWN" };
  if (invitation.withdrawn_at) return { refusal: "WITHDRAWN" };
  if (invitation.accepted_at || findUserByEmail(db, invitation.email)) return { refusal: "USED" };
  if (Date.parse(invitation.expires_at) <= now) return { refusal: "EXPIRED" };
  return { invitation };
}

/**
 * Registration from an invitation: the account gets the invitation's address, seller and role (nothing the form
 * sends can change them), and the invitation is used up, in one transaction.
 */
export function acceptInvitation(
  db: Database,
  token: string,
  input: { passwordHash: string; languageCode: UserRow["language_code"] },
): { userId: string } | { refusal: InvitationRefusal } {
  db.exec("BEGIN IMMEDIATE");
  try {
    const found = invitationForToken(db, token);
    if ("refusal" in found) {
      db.exec("ROLLBACK");
      return found;
    }
    const { invitation } = found;
    const userId = insertUser(db, {
      email: invitation.email,
      passwordHash: input.passwordHash,
      role: invitation.role,
      languageCode: input.languageCode,
      sellerId: invitation.seller_id,
    });
    db.prepare("UPDATE colleague_invitations SET accepted_at = ? WHERE id = ?").run(new Date().toISOString(), invitation.id);
    insertActivity(
      db,
      { user: { id: userId, email: invitation.email, role: invitation.role, substituted_seller_id: null } },
      { sellerId: invitation.seller_id, kind: "USER_JOINED", params: { role: invitation.role } },
    );
    db.exec("COMMIT");
    return { userId };
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
}

/** The control interface's view of the invitations sent to an address, newest first: what the e-mail would carry. */
export function invitationsFor(db: Database, email: string, portalUrl: string) {
  const rows = db.prepare("SELECT * FROM colleague_invitations WHERE email = ? ORDER BY invited_at DESC, rowid DESC").all(email.trim()) as InvitationRow[];
  return rows.map((row) => ({
    id: row.id,
    sellerId: row.seller_id,
    sellerName: findSellerById(db, row.seller_id)?.name ?? null,
    email: row.email,
    role: row.role,
    invitedAt: row.invited_at,
    expiresAt: row.expires_at,
    acceptedAt: row.accepted_at,
    withdrawnAt: row.withdrawn_at,
    link: `${portalUrl}/register?invitation=${row.link_token}`,
  }));
}
