import { randomBytes } from "node:crypto";
import { seedObligationRules, writeObligationRule } from "./obligations.ts";
import { INVITATION_DAYS } from "#contract/team.ts";
import type { Role, SellerStateName } from "#contract/upstream.ts";
import { seedCategoryMappings } from "./category-mappings.ts";
import { seedNotifications } from "./notifications.ts";
import { wipe, writeMeta, type Database } from "./db.ts";
import { enrolWithDemoKey } from "./second-factor.ts";
import { catalogueSeedSellers, catalogueSeedUsers } from "./seed-catalogue.ts";
import { smallSeller, smallSellerUser } from "./seed-home.ts";
import { insertCatalogueFile, insertSeller, insertUser, type NewCatalogueFile, type NewSeller, type NewUser } from "./repository.ts";
import { applyOnboardingSeed } from "./seed-onboarding.ts";
import { applyStaffSeed } from "./seed-staff.ts";
import { hashToken, insertInvitation } from "./team.ts";
import { insertActivity } from "./activity.ts";

/**
 * The sandbox's seed: the demo accounts of docs/product.md §12 and the sellers
 * behind them, as plain data plus small factories. Later parts of the
 * sandbox (shops, analytics, recommendations) add their data here.
 */

export const demoPassword = "demo";

/**
 * The hash of {@link demoPassword}, made once with `hashPassword` and kept as seed data: the password is public, so a
 * salt per account would protect nothing, and hashing it afresh cost every sandbox start about 2.7 CPU-seconds (the
 * suite starts a sandbox per integration file). Accounts made later (sign-up, invitations) get their own salt.
 */
export const demoPasswordHash = "scrypt$16384$uSgnXH0BFWo_v2HP21VqtA$t7nqQZTdQAV6oYFO5n3qq1Z0k5pn4ZDAoHiOipQB4Fg";

// ---- factories -------------------------------------------------------------

const seedDate = (daysAgo: number): string => new Date(Date.UTC(2026, 9, 1) - daysAgo * 86_400_000).toISOString();

function seller(id: string, name: string, state: SellerStateName, rest: Partial<NewSeller> = {}): NewSeller {
  return { id, name, state, crmId: null, createdAt: seedDate(120), ...rest };
}

/** A seller whose catalogue steps are all done (direct upload, one file, FTP step marked). */
function sellerWithCatalogue(id: string, name: string, state: SellerStateName, rest: Partial<NewSeller> = {}): NewSeller {
  return seller(id, name, state, { uploadType: "DIRECT", filledSteps: ["FTP_SETTINGS"], ...rest });
}

type SeedUser = Omit<NewUser, "passwordHash"> & { id: string };

function user(id: string, email: string, role: Role, sellerId: string | null = null, rest: Partial<SeedUser> = {}): SeedUser {
  return { id, email, role, sellerId, languageCode: "en", createdAt: seedDate(120), ...rest };
}

function catalogueFile(sellerId: string, fileName: string, size: number, daysAgo: number): NewCatalogueFile {
  return {
    id: `file-${sellerId}-${fileName.replace(/[^a-z0-9]+/gi, "-").toLowerCase()}`,
    sellerId,
    fileName,
    size,
    contentType: fileName.endsWith(".xlsx") ? "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" : "text/csv",
    uploadedAt: seedDate(daysAgo),
    // Every seeded file belongs to a seller past the hand-over: its columns are mapped.
    headerMapping: { EAN: "EAN", Kategorie: "PRODUCT_CATEGORY" },
  };
}

// ---- data ------------------------------------------------------------------

export const seedSellers: NewSeller[] = [
  sellerWithCatalogue("seller-active", "Nordlicht Living GmbH", "ACTIVE", {
    crmId: "CRM-100001",
    createdAt: seedDate(400),
    additionalFields: [{ code: "ce-fds", value: "true" }],
  }),
  seller("seller-new", "Frischer Wind Handel UG", "REGISTERED", { crmId: "CRM-100002", createdAt: seedDate(3) }),
  sellerWithCatalogue("seller-submitted", "Sonnenhof Gartenbedarf GmbH", "CATALOGUE_DATA_SUBMITTED", {
    crmId: "CRM-100003",
    createdAt: seedDate(40),
  }),
  sellerWithCatalogue("seller-mapped", "Elbufer Küchenwelt GmbH", "CATALOGUE_DATA_MAPPING_FINISHED", {
    crmId: "CRM-100004",
    createdAt: seedDate(60),
  }),
  // More sellers for the staff screens, one or more per state.
  seller("seller-onboarding-feed", "Bergblick Möbel KG", "ONBOARDING", {
    crmId: "CRM-100005",
    uploadType: "FEED",
    feedUrl: "https://bergblick-moebel.example.com/feed.csv",
    createdAt: seedDate(20),
  }),
  seller("seller-onboarding-ftp", "Rheinauen Textil GmbH", "ONBOARDING", {
    crmId: "CRM-100006",
    uploadType: "FTP",
    ftpHost: "ftp.rheinauen-textil.example.com",
    ftpUser: "rheinauen",
    createdAt: seedDate(14),
  }),
  seller("seller-registered-2", "Alpenglück Deko e.K.", "REGISTERED", { createdAt: seedDate(9) }),
  sellerWithCatalogue("seller-submitted-2", "Spreewald Leuchten GmbH", "CATALOGUE_DATA_SUBMITTED", {
    crmId: "CRM-100008",
    createdAt: seedDate(30),
  }),
  sellerWithCatalogue("seller-active-2", "Hafenkontor Wohnideen GmbH", "ACTIVE", {
    crmId: "CRM-100009",
    createdAt: seedDate(300),
  }),
  ...catalogueSeedSellers,
  smallSeller,
];

export const seedUsers: SeedUser[] = [
  user("user-seller-active", "seller.active@example.com", "SELLER_ADMINISTRATOR", "seller-active"),
  user("user-seller-new", "seller.new@example.com", "SELLER_ADMINISTRATOR", "seller-new"),
  user("user-seller-submitted", "seller.submitted@example.com", "SELLER_ADMINISTRATOR", "seller-submitted"),
  user("user-seller-mapped", "seller.mapped@example.com", "SELLER_ADMINISTRATOR", "seller-mapped"),
  user("user-viewer", "viewer@example.com", "SELLER_VIEWER_EXTERNAL", "seller-active"),
  user("user-admin", "admin@example.com", "OPERATOR_ADMINISTRATOR"),
  user("user-bd", "bd@example.com", "OPERATOR_BUSINESSDEVELOPER"),
  user("user-bd-international", "bd.international@example.com", "OPERATOR_BUSINESSDEVELOPER_INTERNATIONAL"),
  user("user-success", "success@example.com", "OPERATOR_SUCCESSMANAGER"),
  user("user-operator", "operator@example.com", "OPERATOR_OTHER"),
  user("user-tom", "tom@example.com", "TOM_TEAM_MEMBER"),
  // The administrators of the extra sellers (staff substitute into them).
  user("user-bergblick", "owner@bergblick-moebel.example.com", "SELLER_ADMINISTRATOR", "seller-onboarding-feed", {
    languageCode: "de",
  }),
  user("user-rheinauen", "owner@rheinauen-textil.example.com", "SELLER_ADMINISTRATOR", "seller-onboarding-ftp", {
    languageCode: "de",
  }),
  user("user-alpenglueck", "owner@alpenglueck-deko.example.com", "SELLER_ADMINISTRATOR", "seller-registered-2"),
  user("user-spreewald", "owner@spreewald-leuchten.example.com", "SELLER_ADMINISTRATOR", "seller-submitted-2"),
  user("user-hafenkontor", "owner@hafenkontor-wohnideen.example.com", "SELLER_ADMINISTRATOR", "seller-active-2"),
  ...catalogueSeedUsers,
  smallSellerUser,
];

export const seedCatalogueFiles: NewCatalogueFile[] = [
  catalogueFile("seller-active", "nordlicht-katalog-2026.csv", 482_133, 380),
  catalogueFile("seller-submitted", "sonnenhof-artikel.csv", 96_502, 5),
  catalogueFile("seller-mapped", "elbufer-sortiment.xlsx", 210_877, 12),
  catalogueFile("seller-submitted-2", "spreewald-leuchten.csv", 58_310, 8),
  catalogueFile("seller-active-2", "hafenkontor.csv", 301_442, 280),
];

export type DemoAccount = { username: string; role: Role; seller: string };

/** The demo accounts (docs/product.md §12), printed by the CLI and on the sign-in page. */
export const demoAccounts: DemoAccount[] = [
  ["seller.active@example.com", "an ACTIVE seller (Nordlicht Living GmbH)"],
  ["seller.new@example.com", "a new seller, nothing filled in"],
  ["seller.submitted@example.com", "CATALOGUE_DATA_SUBMITTED"],
  ["seller.mapped@example.com", "CATALOGUE_DATA_MAPPING_FINISHED"],
  ["seller.catalogue@example.com", "shop setup done, catalogue not handed over yet"],
  ["viewer@example.com", "the ACTIVE seller (read-only)"],
  ["admin@example.com", "—"],
  ["bd@example.com", "—"],
  ["bd.international@example.com", "—"],
  ["success@example.com", "—"],
  ["operator@example.com", "—"],
  ["tom@example.com", "—"],
  ["seller.small@example.com", "an ACTIVE seller with one shop (Kleinod Manufaktur e.K.)"],
].map(([username, sellerDescription]) => {
  const account = seedUsers.find((candidate) => candidate.email === username);
  if (!account) throw new Error(`demo account ${username} is missing from the seed`);
  return { username: account.email, role: account.role, seller: sellerDescription ?? "—" };
});

// ---- applying it -----------------------------------------------------------

/**
 * The active seller's administrator has invited a colleague as a viewer two days ago: the demo's list shows an
 * open invitation, and its link is on the control interface (`GET /__sandbox/invitations?email=`).
 */
function seedColleagueInvitation(db: Database): void {
  const invitedAt = new Date(Date.now() - 2 * 86_400_000);
  const token = randomBytes(32).toString("base64url");
  insertInvitation(db, {
    id: "invitation-seed-colleague",
    seller_id: "seller-active",
    email: "colleague.invited@example.com",
    role: "SELLER_VIEWER_EXTERNAL",
    token_hash: hashToken(token),
    link_token: token,
    invited_by: "user-seller-active",
    invited_at: invitedAt.toISOString(),
    expires_at: new Date(invitedAt.getTime() + INVITATION_DAYS * 86_400_000).toISOString(),
    accepted_at: null,
    withdrawn_at: null,
  });
}

/**
 * The active seller's record of who did what: its hand-over, the marketplace's decisions, a change made by staff
 * acting as the seller, and the invitation above, so that the demo's activity pages have a history to filter.
 */
function seedActivity(db: Database): void {
  const at = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
  const admin = { id: "user-seller-active", email: "seller.active@example.com", role: "SELLER_ADMINISTRATOR", substituted_seller_id: null } as const;
  const sellerId = "seller-active";
  insertActivity(db, { user: admin }, { sellerId, kind: "CATALOGUE_FILE_UPLOADED", params: { fileName: "nordlicht-katalog-2026.csv" } }, at(62));
  insertActivity(db, { user: admin }, { sellerId, kind: "CATALOGUE_MAPPING_SAVED", params: { fileName: "nordlicht-katalog-2026.csv" } }, at(62));
  insertActivity(
    db,
    {
      user: { id: "user-success", email: "success@example.com", role: "OPERATOR_SUCCESSMANAGER", substituted_seller_id: sellerId },
      actingAs: { userId: admin.id, email: admin.email, role: "SELLER_ADMINISTRATOR" },
    },
    { sellerId, kind: "STEP_SAVED", params: { step: "warehouse" } },
    at(61),
  );
  insertActivity(db, { user: admin }, { sellerId, kind: "CATALOGUE_HANDED_OVER" }, at(60));
  insertActivity(
    db,
    { user: { id: "user-tom", email: "tom@example.com", role: "TOM_TEAM_MEMBER", substituted_seller_id: null } },
    { sellerId, kind: "CATALOGUE_MAPPING_FINISHED" },
    at(58),
  );
  insertActivity(
    db,
    { user: { id: "user-success", email: "success@example.com", role: "OPERATOR_SUCCESSMANAGER", substituted_seller_id: null } },
    { sellerId, kind: "SELLER_MARKED_ACTIVE" },
    at(57),
  );
  insertActivity(
    db,
    { user: admin },
    { sellerId, kind: "USER_INVITED", params: { email: "colleague.invited@example.com", role: "SELLER_VIEWER_EXTERNAL" } },
    at(2),
  );
}

/** Empties the database and writes the seed. */
export function applySeed(db: Database): void {
  wipe(db);
  db.exec("BEGIN");
  try {
    for (const entry of seedSellers) insertSeller(db, entry);
    for (const entry of seedUsers) insertUser(db, { ...entry, passwordHash: demoPasswordHash });
    for (const entry of seedCatalogueFiles) insertCatalogueFile(db, entry);
    applyOnboardingSeed(db);
    for (const rule of seedObligationRules) writeObligationRule(db, rule);
    applyStaffSeed(db);
    seedColleagueInvitation(db);
    seedCategoryMappings(db, new Date(seedDate(30)));
    seedNotifications(db);
    seedActivity(db);
    // Every seeded account comes enrolled with the demo key (docs/sandbox.md), as the portal asks staff and administrators for a code.
    enrolWithDemoKey(db);
    writeMeta(db, "seeded_at", new Date().toISOString());
    db.exec("COMMIT");
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
}
