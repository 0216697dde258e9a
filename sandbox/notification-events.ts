import type { CatalogueAnalysis } from "#contract/catalogue-analysis.ts";
import { daysBetween, type Obligation } from "#contract/obligations.ts";
import type { Database } from "./db.ts";
import { notify, sendInvitationMail } from "./notifications.ts";
import { findSellerById, findUserById } from "./repository.ts";
import type { InvitationRow } from "./team.ts";

/**
 * The events the sandbox's services tell the notification service of: one
 * call at the place each happens, after it is stored. Each gathers what its
 * texts name (the seller's name, the reason …) and where in the portal to act.
 */

const sellerName = (db: Database, sellerId: string) => findSellerById(db, sellerId)?.name ?? "";

/** A colleague's invitation (or its resending): the e-mail with the registration link, in the inviting administrator's language. */
export function colleagueInvited(db: Database, invitationId: string): void {
  const invitation = db.prepare("SELECT * FROM colleague_invitations WHERE id = ?").get(invitationId) as InvitationRow | undefined;
  if (!invitation) return;
  const inviter = invitation.invited_by ? findUserById(db, invitation.invited_by) : undefined;
  sendInvitationMail(db, {
    email: invitation.email,
    language: inviter?.language_code === "de" ? "de" : "en",
    params: { sellerName: sellerName(db, invitation.seller_id), role: invitation.role, expiresAt: invitation.expires_at.slice(0, 10) },
    link: `/register?invitation=${encodeURIComponent(invitation.link_token)}`,
  });
}

export function catalogueReturned(db: Database, sellerId: string, reason: string, files: number, items = { categories: 0, products: 0 }): void {
  notify(db, {
    kind: "CATALOGUE_RETURNED",
    to: { sellerAdministrators: sellerId },
    params: { sellerName: sellerName(db, sellerId), reason, files, ...items },
    // Category values returned on their own are mended on the mapping page; otherwise the catalogue page leads on.
    link: items.categories > 0 ? "/upload/catalog/categories" : "/upload/catalog",
  });
}

export function catalogueHandedOver(db: Database, sellerId: string): void {
  notify(db, {
    kind: "HAND_OVER_RECEIVED",
    to: { catalogueTeam: true },
    params: { sellerName: sellerName(db, sellerId) },
    link: `/product-catalogue-integration?sellerId=${encodeURIComponent(sellerId)}`,
  });
}

export function sellerMarkedActive(db: Database, sellerId: string): void {
  notify(db, { kind: "SELLER_ACTIVE", to: { sellerUsers: sellerId }, params: { sellerName: sellerName(db, sellerId) }, link: "/home/overview" });
}

export function companyChangeDecided(
  db: Database,
  change: { id: string; sellerId: string; kind: string; decision: "CONFIRMED" | "REJECTED"; reason: string | null },
): void {
  notify(db, {
    kind: change.decision === "CONFIRMED" ? "CHANGE_CONFIRMED" : "CHANGE_REJECTED",
    to: { sellerAdministrators: change.sellerId },
    params: { sellerName: sellerName(db, change.sellerId), change: change.kind, ...(change.reason ? { reason: change.reason } : {}) },
    link: `/home/my-company/changes/${encodeURIComponent(change.id)}`,
  });
}

/**
 * A file read with problems: once per file (a second reading of the same file, after a mapping change, says nothing
 * new enough to write again).
 */
export function fileReadWithProblems(db: Database, sellerId: string, file: { id: string; file_name: string }, analysis: CatalogueAnalysis): void {
  if (analysis.report.rowsRejected === 0) return;
  const told = db.prepare("SELECT 1 FROM notifications WHERE kind = 'FILE_PROBLEMS' AND json_extract(params, '$.fileId') = ? LIMIT 1").get(file.id);
  if (told) return;
  const active = findSellerById(db, sellerId)?.state === "ACTIVE";
  notify(db, {
    kind: "FILE_PROBLEMS",
    to: { sellerAdministrators: sellerId },
    params: {
      sellerName: sellerName(db, sellerId),
      fileId: file.id,
      fileName: file.file_name,
      rowsRejected: analysis.report.rowsRejected,
      rowsChecked: analysis.report.rowsChecked,
    },
    link: `${active ? "/home/catalogue/products" : "/upload/catalog/products"}?fileId=${encodeURIComponent(file.id)}`,
  });
}

/** An obligation coming due (the compliance calendar's job, sandbox/obligations.ts): the seller's administrators, with where to act. */
export function obligationComingDue(db: Database, obligation: Obligation, today: string): void {
  if (!obligation.dueDate) return;
  notify(db, {
    kind: "REQUIREMENT_DUE",
    to: { sellerAdministrators: obligation.sellerId },
    params: {
      sellerName: sellerName(db, obligation.sellerId),
      obligationId: obligation.id,
      subject: obligation.subject,
      dueDate: obligation.dueDate,
      daysLeft: daysBetween(today, obligation.dueDate),
    },
    link: obligation.actionPath,
  });
}
