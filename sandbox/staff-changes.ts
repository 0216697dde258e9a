import type { SellerChannel, SellerUpsert } from "#contract/staff.ts";
import type { LanguageCode } from "#contract/upstream.ts";
import { transaction, type Database } from "./db.ts";
import { findUserByEmail, insertSeller, sellerNameTaken, setSellerState } from "./repository.ts";

/** The staff's changes to sellers: profiles, invitations, edits, deleting and marking active, and the unique values they must keep. */

export function crmIdTaken(db: Database, crmId: string, exceptSellerId?: string): boolean {
  return db.prepare("SELECT id FROM sellers WHERE lower(trim(crm_id)) = lower(trim(?)) AND id IS NOT ?").get(crmId, exceptSellerId ?? null) !== undefined;
}

function nextMarketplaceSellerId(db: Database): string {
  const { max } = db.prepare("SELECT max(CAST(marketplace_seller_id AS INTEGER)) AS max FROM seller_profiles").get() as { max: number | null };
  return String(Math.max(max ?? 0, 10_000) + 1);
}

export type NewProfile = {
  sellerId: string;
  marketplaceSellerId?: string | null;
  channel?: SellerChannel | null;
  languageCode?: LanguageCode;
  contact?: { name: string; email: string; phone: string | null } | null;
  shopCount?: number;
};

export function upsertProfile(db: Database, profile: NewProfile): void {
  db.prepare(
    `INSERT INTO seller_profiles (seller_id, marketplace_seller_id, channel, language_code, contact_name, contact_email, contact_phone, shop_count)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (seller_id) DO UPDATE SET channel = excluded.channel, language_code = excluded.language_code,
       contact_name = excluded.contact_name, contact_email = excluded.contact_email, contact_phone = excluded.contact_phone`,
  ).run(
    profile.sellerId,
    profile.marketplaceSellerId ?? nextMarketplaceSellerId(db),
    profile.channel ?? null,
    profile.languageCode ?? "en",
    profile.contact?.name ?? null,
    profile.contact?.email ?? null,
    profile.contact?.phone ?? null,
    profile.shopCount ?? 0,
  );
}

export type UpsertConflict = { fieldName: "name" | "crmId" | "contact.email"; errorMessage: string };

/** Which unique values another seller holds already. */
export function upsertConflicts(db: Database, input: SellerUpsert): UpsertConflict[] {
  const conflicts: UpsertConflict[] = [];
  if (sellerNameTaken(db, input.name, input.onboardingSellerId)) conflicts.push({ fieldName: "name", errorMessage: "A seller with this name exists already" });
  if (crmIdTaken(db, input.crmId, input.onboardingSellerId)) conflicts.push({ fieldName: "crmId", errorMessage: "A seller with this CRM id exists already" });
  // An invitation's registration link cannot be used by an address that has an account already.
  if (!input.onboardingSellerId && findUserByEmail(db, input.contact.email)) {
    conflicts.push({ fieldName: "contact.email", errorMessage: "An account with this e-mail address exists already" });
  }
  return conflicts;
}

/** Invites a seller: a REGISTERED seller, its profile, and an invitation for the contact's e-mail. */
export function inviteSeller(db: Database, input: SellerUpsert, invitedBy: string): string {
  db.exec("BEGIN");
  try {
    const sellerId = insertSeller(db, { name: input.name, crmId: input.crmId, state: "REGISTERED" });
    upsertProfile(db, { sellerId, channel: input.channel, languageCode: input.languageCode, contact: input.contact });
    db.prepare("INSERT INTO seller_invitations (seller_id, email, invited_by, invited_at) VALUES (?, ?, ?, ?)").run(
      sellerId,
      input.contact.email,
      invitedBy,
      new Date().toISOString(),
    );
    db.exec("COMMIT");
    return sellerId;
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
}

export function updateSeller(db: Database, sellerId: string, input: SellerUpsert): void {
  transaction(db, () => {
    db.prepare("UPDATE sellers SET name = ?, crm_id = ? WHERE id = ?").run(input.name, input.crmId, sellerId);
    const existing = db.prepare("SELECT marketplace_seller_id FROM seller_profiles WHERE seller_id = ?").get(sellerId) as
      { marketplace_seller_id: string | null } | undefined;
    upsertProfile(db, {
      sellerId,
      marketplaceSellerId: existing?.marketplace_seller_id,
      channel: input.channel,
      languageCode: input.languageCode,
      contact: input.contact,
    });
  });
}

export function deleteSeller(db: Database, sellerId: string): boolean {
  return db.prepare("DELETE FROM sellers WHERE id = ?").run(sellerId).changes > 0;
}

export function markActive(db: Database, sellerId: string): void {
  setSellerState(db, sellerId, "ACTIVE");
}
