import { Invitation, InvitationPage, StaffSellerOverview, type InvitationQuery } from "#contract/staff-seller.ts";
import type { z } from "zod";
import { storedAnalysis } from "./catalogue.ts";
import { listReturns } from "./catalogue-returns.ts";
import { sellerIntegrationUpdates } from "./catalogue-updates.ts";
import type { Database } from "./db.ts";
import { listCatalogueFiles, mappingComplete } from "./repository.ts";
import { SELECT_STAFF_SELLER, toStaffSeller, type StaffSellerRow } from "./staff.ts";
import { readVatConfirmation } from "./vat-confirmations.ts";
import { readRegistrationConfirmations } from "./registration-confirmations.ts";

/** One seller seen whole by staff (the staff seller page), and the invitations a staff member sent. */

type InvitationRow = { email: string; invited_at: string; invited_by_email: string | null; accepted_at: string | null };

function latestInvitation(db: Database, sellerId: string): InvitationRow | undefined {
  return db
    .prepare(
      `SELECT i.email, i.invited_at, u.email AS invited_by_email, i.accepted_at FROM seller_invitations i LEFT JOIN users u ON u.id = i.invited_by
       WHERE i.seller_id = ? ORDER BY i.invited_at DESC, i.rowid DESC LIMIT 1`,
    )
    .get(sellerId) as InvitationRow | undefined;
}

export function staffSellerOverview(db: Database, sellerId: string): StaffSellerOverview | undefined {
  const row = db.prepare(`${SELECT_STAFF_SELLER} WHERE s.id = ?`).get(sellerId) as StaffSellerRow | undefined;
  if (!row) return undefined;
  const invitation = latestInvitation(db, sellerId);
  const history = db.prepare("SELECT state, entered_at FROM seller_state_history WHERE seller_id = ? ORDER BY entered_at, rowid").all(sellerId) as {
    state: string;
    entered_at: string;
  }[];
  // An invited seller's administrator registered when they accepted; a seller who signed up alone, when the seller was created.
  const registeredAt = invitation ? invitation.accepted_at : row.admin_user_id ? row.created_at : null;
  return StaffSellerOverview.parse({
    seller: toStaffSeller(db, row),
    stateHistory: history.map((entry) => ({ state: entry.state, enteredAt: entry.entered_at })),
    invitation: invitation
      ? { email: invitation.email, invitedAt: invitation.invited_at, invitedBy: invitation.invited_by_email, acceptedAt: invitation.accepted_at }
      : null,
    registeredAt,
    uploadType: row.upload_type,
    files: listCatalogueFiles(db, sellerId).map((file) => {
      const report = storedAnalysis(file)?.report;
      return {
        id: file.id,
        fileName: file.file_name,
        size: file.size,
        uploadedAt: file.uploaded_at,
        mappingComplete: mappingComplete(file),
        rowsChecked: report?.rowsChecked ?? null,
        rowsRejected: report?.rowsRejected ?? null,
      };
    }),
    returns: listReturns(db, sellerId),
    updates: sellerIntegrationUpdates(db, sellerId),
    vatConfirmation: readVatConfirmation(db, sellerId),
    registrationConfirmations: readRegistrationConfirmations(db, sellerId),
  });
}

const SELECT_INVITATION = `
  SELECT s.id AS seller_id, s.name, s.crm_id, s.state, s.state_changed_at, p.contact_name, p.language_code,
    i.email, i.invited_at, i.accepted_at, u.email AS invited_by_email
  FROM seller_invitations i JOIN sellers s ON s.id = i.seller_id
  LEFT JOIN seller_profiles p ON p.seller_id = s.id LEFT JOIN users u ON u.id = i.invited_by`;

type InvitationListRow = {
  seller_id: string;
  name: string;
  crm_id: string | null;
  state: string;
  state_changed_at: string;
  contact_name: string | null;
  language_code: string | null;
  email: string;
  invited_at: string;
  accepted_at: string | null;
  invited_by_email: string | null;
};

function toInvitation(row: InvitationListRow): Invitation {
  return Invitation.parse({
    onboardingSellerId: row.seller_id,
    sellerName: row.name,
    crmId: row.crm_id,
    contactName: row.contact_name,
    email: row.email,
    languageCode: row.language_code ?? "en",
    invitedAt: row.invited_at,
    invitedBy: row.invited_by_email,
    registeredAt: row.accepted_at,
    state: row.state,
    stateSince: row.state_changed_at,
  });
}

/** The seller's latest invitation, or undefined when the seller was not invited. */
export function findInvitation(db: Database, sellerId: string): Invitation | undefined {
  const row = db.prepare(`${SELECT_INVITATION} WHERE i.seller_id = ? ORDER BY i.invited_at DESC, i.rowid DESC LIMIT 1`).get(sellerId) as
    InvitationListRow | undefined;
  return row ? toInvitation(row) : undefined;
}

/** The invitations one staff member sent, newest first, filtered and paged. */
export function listInvitations(db: Database, invitedBy: string, query: z.output<typeof InvitationQuery>): InvitationPage {
  const where = ["i.invited_by = ?"];
  const params: (string | number)[] = [invitedBy];
  if (query.status === "PENDING") where.push("i.accepted_at IS NULL");
  if (query.status === "REGISTERED") where.push("i.accepted_at IS NOT NULL");
  if (query.state) {
    where.push("s.state = ?");
    params.push(query.state);
  }
  if (query.search) {
    const pattern = `%${query.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push("(lower(s.name) LIKE ? ESCAPE '\\' OR lower(i.email) LIKE ? ESCAPE '\\' OR lower(coalesce(s.crm_id, '')) LIKE ? ESCAPE '\\')");
    params.push(pattern, pattern, pattern);
  }
  const whereSql = where.join(" AND ");
  const { total } = db.prepare(`SELECT count(*) AS total FROM seller_invitations i JOIN sellers s ON s.id = i.seller_id WHERE ${whereSql}`).get(...params) as {
    total: number;
  };
  const rows = db
    .prepare(`${SELECT_INVITATION} WHERE ${whereSql} ORDER BY i.invited_at DESC, i.rowid DESC LIMIT ? OFFSET ?`)
    .all(...params, query.pageSize, (query.page - 1) * query.pageSize) as InvitationListRow[];
  return InvitationPage.parse({ items: rows.map(toInvitation), page: query.page, pageSize: query.pageSize, total });
}
