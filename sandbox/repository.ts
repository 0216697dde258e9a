import { randomUUID } from "node:crypto";
import {
  CatalogueImportProgress,
  requiredCatalogueFields,
  CurrentUser,
  Seller,
  type LanguageCode,
  type Role,
  type SellerStateName,
  type StepType,
  type UploadType,
} from "#contract/upstream.ts";
import type { Database } from "./db.ts";
import { openReturn } from "./catalogue-returns.ts";

/**
 * Reads and writes of the marketplace's data. Rows stay close to the tables;
 * the `to…` functions turn them into the contract's shapes.
 */

export type UserRow = {
  id: string;
  email: string;
  password_hash: string;
  role: Role;
  language_code: LanguageCode;
  seller_id: string | null;
  substituted_seller_id: string | null;
  created_at: string;
};

export type SellerRow = {
  id: string;
  name: string;
  crm_id: string | null;
  state: SellerStateName;
  upload_type: UploadType | null;
  feed_url: string | null;
  ftp_host: string | null;
  ftp_user: string | null;
  /** JSON list of StepType the seller marked as filled by hand. */
  filled_steps: string;
  /** JSON list of { code, value }. */
  additional_fields: string;
  created_at: string;
  state_changed_at: string;
};

export type CatalogueFileRow = {
  id: string;
  seller_id: string;
  file_name: string;
  size: number;
  content_type: string;
  uploaded_at: string;
  /** JSON object: catalogue header → marketplace field; null until mapped. */
  header_mapping: string | null;
  /** JSON: the portal's analysis of the file; null until the portal stored one. */
  analysis: string | null;
  /** The SHA-256 of the stored bytes (hex); null until the seed's sample bytes are written. */
  sha256: string | null;
};

export const sellerRoles: readonly Role[] = ["SELLER_ADMINISTRATOR", "SELLER_VIEWER_EXTERNAL"];

export function isStaff(role: Role): boolean {
  return !sellerRoles.includes(role);
}

export function findUserById(db: Database, id: string): UserRow | undefined {
  return db.prepare("SELECT * FROM users WHERE id = ?").get(id) as UserRow | undefined;
}

export function findUserByEmail(db: Database, email: string): UserRow | undefined {
  return db.prepare("SELECT * FROM users WHERE email = ?").get(email.trim()) as UserRow | undefined;
}

export function findSellerById(db: Database, id: string): SellerRow | undefined {
  return db.prepare("SELECT * FROM sellers WHERE id = ?").get(id) as SellerRow | undefined;
}

/**
 * Whether another seller already carries this name (case and surrounding
 * spaces ignored): as its seller name, or as the shop name of its account
 * information (customers see both).
 */
export function sellerNameTaken(db: Database, name: string, exceptSellerId?: string): boolean {
  const row = db
    .prepare(
      `SELECT id FROM sellers WHERE lower(trim(name)) = lower(trim(?)) AND id IS NOT ?
       UNION ALL
       SELECT seller_id FROM onboarding_steps
        WHERE step = 'account-information' AND lower(trim(json_extract(data, '$.shopName'))) = lower(trim(?)) AND seller_id IS NOT ?`,
    )
    .get(name, exceptSellerId ?? null, name, exceptSellerId ?? null);
  return row !== undefined;
}

/** Moves a seller to a state and records when it entered it. */
export function setSellerState(db: Database, sellerId: string, state: SellerStateName, at = new Date().toISOString()): void {
  db.prepare("UPDATE sellers SET state = ?, state_changed_at = ? WHERE id = ?").run(state, at, sellerId);
  db.prepare("INSERT INTO seller_state_history (seller_id, state, entered_at) VALUES (?, ?, ?)").run(sellerId, state, at);
}

/** A REGISTERED seller that saves anything is ONBOARDING from then on. */
export function markOnboardingStarted(db: Database, seller: SellerRow): void {
  if (seller.state === "REGISTERED") setSellerState(db, seller.id, "ONBOARDING");
}

export function listCatalogueFiles(db: Database, sellerId: string): CatalogueFileRow[] {
  return db.prepare("SELECT * FROM catalogue_files WHERE seller_id = ? ORDER BY uploaded_at, id").all(sellerId) as CatalogueFileRow[];
}

export function updateUserLanguage(db: Database, userId: string, language: LanguageCode): void {
  db.prepare("UPDATE users SET language_code = ? WHERE id = ?").run(language, userId);
}

export function setSubstitution(db: Database, userId: string, sellerId: string | null): void {
  db.prepare("UPDATE users SET substituted_seller_id = ? WHERE id = ?").run(sellerId, userId);
}

/** The seller a user works for: the substituted one while substituting, else their own. */
export function effectiveSellerId(user: UserRow): string | null {
  return user.substituted_seller_id ?? user.seller_id;
}

export function toCurrentUser(db: Database, user: UserRow): CurrentUser {
  const substituted = user.substituted_seller_id ? findSellerById(db, user.substituted_seller_id) : undefined;
  if (substituted) {
    return CurrentUser.parse({
      id: user.id,
      role: "SELLER_ADMINISTRATOR",
      email: user.email,
      languageCode: user.language_code,
      substitutionMode: true,
      sellerId: substituted.id,
      substitutedSellerName: substituted.name,
    });
  }
  return CurrentUser.parse({
    id: user.id,
    role: user.role,
    email: user.email,
    languageCode: user.language_code,
    substitutionMode: false,
    sellerId: user.seller_id,
    substitutedSellerName: null,
  });
}

export function toSeller(db: Database, seller: SellerRow): Seller {
  return Seller.parse({
    id: seller.id,
    name: seller.name,
    crmId: seller.crm_id,
    state: seller.state,
    sellerCatalogueImportSettings: {
      uploadType: seller.upload_type ?? "DIRECT",
      feedUrl: seller.feed_url,
      ftpHost: seller.ftp_host,
      ftpUser: seller.ftp_user,
    },
    sellerCatalogueFiles: listCatalogueFiles(db, seller.id).map((file) => ({
      id: file.id,
      fileName: file.file_name,
      size: file.size,
      contentType: file.content_type,
      uploadedAt: file.uploaded_at,
      mappingComplete: mappingComplete(file),
      ...(file.sha256 ? { sha256: file.sha256 } : {}),
    })),
    additionalFields: JSON.parse(seller.additional_fields),
    catalogueReturn: openReturn(db, seller.id),
  });
}

/** A file is mapped when every required marketplace field has a column. */
export function mappingComplete(file: CatalogueFileRow): boolean {
  if (!file.header_mapping) return false;
  const assigned = new Set(Object.values(JSON.parse(file.header_mapping) as Record<string, string>));
  return requiredCatalogueFields.every((field) => assigned.has(field));
}

/**
 * The catalogue steps, each complete when the seller's data shows it done or
 * the seller marked it as filled.
 */
export function catalogueImportProgress(db: Database, seller: SellerRow): CatalogueImportProgress {
  const filled = new Set(JSON.parse(seller.filled_steps) as StepType[]);
  const settingsComplete =
    seller.upload_type === "FEED"
      ? Boolean(seller.feed_url)
      : seller.upload_type === "FTP"
        ? Boolean(seller.ftp_host && seller.ftp_user)
        : seller.upload_type === "DIRECT";
  const fileCount = listCatalogueFiles(db, seller.id).length;
  return CatalogueImportProgress.parse([
    { stepType: "UPLOAD_SETTINGS", complete: settingsComplete || filled.has("UPLOAD_SETTINGS") },
    { stepType: "FILE_UPLOAD", complete: fileCount > 0 || filled.has("FILE_UPLOAD") },
    {
      stepType: "FTP_SETTINGS",
      complete: Boolean(seller.ftp_host && seller.ftp_user) || filled.has("FTP_SETTINGS"),
    },
  ]);
}

export type NewSeller = {
  id?: string;
  name: string;
  crmId?: string | null;
  state: SellerStateName;
  uploadType?: UploadType | null;
  feedUrl?: string | null;
  ftpHost?: string | null;
  ftpUser?: string | null;
  filledSteps?: StepType[];
  additionalFields?: { code: string; value: string }[];
  createdAt?: string;
};

export function insertSeller(db: Database, seller: NewSeller): string {
  const id = seller.id ?? `seller-${randomUUID()}`;
  const createdAt = seller.createdAt ?? new Date().toISOString();
  db.prepare(
    `INSERT INTO sellers (id, name, crm_id, state, upload_type, feed_url, ftp_host, ftp_user,
       filled_steps, additional_fields, created_at, state_changed_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    id,
    seller.name,
    seller.crmId ?? null,
    seller.state,
    seller.uploadType ?? null,
    seller.feedUrl ?? null,
    seller.ftpHost ?? null,
    seller.ftpUser ?? null,
    JSON.stringify(seller.filledSteps ?? []),
    JSON.stringify(seller.additionalFields ?? []),
    createdAt,
    createdAt,
  );
  db.prepare("INSERT INTO seller_state_history (seller_id, state, entered_at) VALUES (?, ?, ?)").run(id, seller.state, createdAt);
  return id;
}

export type NewUser = {
  id?: string;
  email: string;
  passwordHash: string;
  role: Role;
  languageCode?: LanguageCode;
  sellerId?: string | null;
  createdAt?: string;
};

export function insertUser(db: Database, user: NewUser): string {
  const id = user.id ?? `user-${randomUUID()}`;
  db.prepare(
    `INSERT INTO users (id, email, password_hash, role, language_code, seller_id, substituted_seller_id, created_at)
     VALUES (?, ?, ?, ?, ?, ?, NULL, ?)`,
  ).run(id, user.email, user.passwordHash, user.role, user.languageCode ?? "en", user.sellerId ?? null, user.createdAt ?? new Date().toISOString());
  return id;
}

export type NewCatalogueFile = {
  id?: string;
  sellerId: string;
  fileName: string;
  size: number;
  contentType: string;
  uploadedAt?: string;
  /** Catalogue header → marketplace field. */
  headerMapping?: Record<string, string> | null;
  /** The SHA-256 of the stored bytes (hex). */
  sha256?: string | null;
};

export function insertCatalogueFile(db: Database, file: NewCatalogueFile): string {
  const id = file.id ?? `file-${randomUUID()}`;
  db.prepare(
    "INSERT INTO catalogue_files (id, seller_id, file_name, size, content_type, uploaded_at, header_mapping, sha256) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
  ).run(
    id,
    file.sellerId,
    file.fileName,
    file.size,
    file.contentType,
    file.uploadedAt ?? new Date().toISOString(),
    file.headerMapping ? JSON.stringify(file.headerMapping) : null,
    file.sha256 ?? null,
  );
  return id;
}

/** Registration: a new seller in REGISTERED with its administrator, in one transaction. */
export function registerSeller(
  db: Database,
  input: { email: string; passwordHash: string; companyName: string; languageCode: LanguageCode },
): { userId: string; sellerId: string } {
  db.exec("BEGIN");
  try {
    // An invited person joins the seller staff created for them instead of founding a new one.
    const invitation = db
      .prepare("SELECT seller_id FROM seller_invitations WHERE email = ? AND accepted_at IS NULL ORDER BY invited_at DESC LIMIT 1")
      .get(input.email.trim()) as { seller_id: string } | undefined;
    if (invitation) {
      db.prepare("UPDATE seller_invitations SET accepted_at = ? WHERE seller_id = ? AND email = ?").run(
        new Date().toISOString(),
        invitation.seller_id,
        input.email.trim(),
      );
    }
    const sellerId = invitation?.seller_id ?? insertSeller(db, { name: input.companyName, state: "REGISTERED" });
    const userId = insertUser(db, {
      email: input.email,
      passwordHash: input.passwordHash,
      role: "SELLER_ADMINISTRATOR",
      languageCode: input.languageCode,
      sellerId,
    });
    db.exec("COMMIT");
    return { userId, sellerId };
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
}
