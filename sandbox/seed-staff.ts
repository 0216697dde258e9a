import type { SellerChannel } from "#contract/staff.ts";
import type { LanguageCode, SellerStateName } from "#contract/upstream.ts";
import type { Database } from "./db.ts";
import { insertSeller } from "./repository.ts";
import { setSellerHistory } from "./staff-bulk.ts";
import { upsertProfile } from "./staff-changes.ts";

/**
 * The staff screens' seed: each seeded seller's channel, contact and seller
 * service id, a believable state history (two of them stuck for more than
 * 14 days), and one invitation nobody has accepted yet.
 */

type StaffSeed = {
  sellerId: string;
  marketplaceSellerId: string;
  channel: SellerChannel;
  languageCode: LanguageCode;
  contact: { name: string; email: string; phone: string | null };
  shopCount: number;
  state: SellerStateName;
  /** Days since the seller entered its current state. */
  daysInState: number;
  /** Days spent in each earlier state, from REGISTERED on. */
  stepDays: number[];
};

const staffSeed: StaffSeed[] = [
  {
    sellerId: "seller-active",
    marketplaceSellerId: "10001",
    channel: "DIRECT",
    languageCode: "de",
    contact: { name: "Jana Lindqvist", email: "seller.active@example.com", phone: "+49 40 5550101" },
    shopCount: 3,
    state: "ACTIVE",
    daysInState: 210,
    stepDays: [4, 30, 6, 10],
  },
  {
    sellerId: "seller-new",
    marketplaceSellerId: "10002",
    channel: "DIRECT",
    languageCode: "en",
    contact: { name: "Tom Berger", email: "seller.new@example.com", phone: null },
    shopCount: 0,
    state: "REGISTERED",
    daysInState: 3,
    stepDays: [],
  },
  {
    sellerId: "seller-submitted",
    marketplaceSellerId: "10003",
    channel: "AGENCY",
    languageCode: "de",
    contact: { name: "Mia Sommer", email: "seller.submitted@example.com", phone: "+49 351 5550103" },
    shopCount: 0,
    state: "CATALOGUE_DATA_SUBMITTED",
    daysInState: 5,
    stepDays: [2, 33],
  },
  {
    sellerId: "seller-mapped",
    marketplaceSellerId: "10004",
    channel: "DIRECT",
    languageCode: "de",
    contact: { name: "Paul Elbers", email: "seller.mapped@example.com", phone: "+49 40 5550104" },
    shopCount: 0,
    state: "CATALOGUE_DATA_MAPPING_FINISHED",
    daysInState: 19,
    stepDays: [3, 25, 13],
  },
  {
    sellerId: "seller-onboarding-feed",
    marketplaceSellerId: "10005",
    channel: "AGENCY",
    languageCode: "de",
    contact: { name: "Lena Berg", email: "owner@bergblick-moebel.example.com", phone: "+49 89 5550105" },
    shopCount: 0,
    state: "ONBOARDING",
    daysInState: 17,
    stepDays: [3],
  },
  {
    sellerId: "seller-onboarding-ftp",
    marketplaceSellerId: "10006",
    channel: "INTERNATIONAL",
    languageCode: "de",
    contact: { name: "Jonas Rhein", email: "owner@rheinauen-textil.example.com", phone: "+49 221 5550106" },
    shopCount: 0,
    state: "ONBOARDING",
    daysInState: 6,
    stepDays: [8],
  },
  {
    sellerId: "seller-registered-2",
    marketplaceSellerId: "10007",
    channel: "DIRECT",
    languageCode: "en",
    contact: { name: "Sophie Alpen", email: "owner@alpenglueck-deko.example.com", phone: null },
    shopCount: 0,
    state: "REGISTERED",
    daysInState: 9,
    stepDays: [],
  },
  {
    sellerId: "seller-submitted-2",
    marketplaceSellerId: "10008",
    channel: "INTERNATIONAL",
    languageCode: "en",
    contact: { name: "Karl Spree", email: "owner@spreewald-leuchten.example.com", phone: "+49 355 5550108" },
    shopCount: 0,
    state: "CATALOGUE_DATA_SUBMITTED",
    daysInState: 8,
    stepDays: [1, 21],
  },
  {
    sellerId: "seller-active-2",
    marketplaceSellerId: "10009",
    channel: "AGENCY",
    languageCode: "de",
    contact: { name: "Hanna Kontor", email: "owner@hafenkontor-wohnideen.example.com", phone: "+49 40 5550109" },
    shopCount: 1,
    state: "ACTIVE",
    daysInState: 260,
    stepDays: [5, 20, 4, 9],
  },
  {
    sellerId: "seller-catalogue",
    marketplaceSellerId: "10011",
    channel: "DIRECT",
    languageCode: "de",
    contact: { name: "Jana Vogel", email: "seller.catalogue@example.com", phone: "+49 331 5550111" },
    shopCount: 0,
    state: "ONBOARDING",
    daysInState: 5,
    stepDays: [2],
  },
  {
    sellerId: "seller-small",
    marketplaceSellerId: "10012",
    channel: "DIRECT",
    languageCode: "de",
    contact: { name: "Ida Klein", email: "seller.small@example.com", phone: null },
    shopCount: 1,
    state: "ACTIVE",
    daysInState: 90,
    stepDays: [3, 14, 5, 7],
  },
];

/** Invited by a business developer; nobody has registered for it yet. */
const pendingInvitation = {
  sellerId: "seller-invited",
  name: "Weserblick Wohnen GmbH",
  crmId: "CRM-100010",
  contact: { name: "Anna Weber", email: "anna.weber@weserblick-wohnen.example.com", phone: "+49 421 5550110" },
};

export function applyStaffSeed(db: Database): void {
  for (const entry of staffSeed) {
    upsertProfile(db, entry);
    setSellerHistory(db, entry.sellerId, entry.state, entry.daysInState, entry.stepDays);
  }
  insertSeller(db, { id: pendingInvitation.sellerId, name: pendingInvitation.name, crmId: pendingInvitation.crmId, state: "REGISTERED" });
  upsertProfile(db, {
    sellerId: pendingInvitation.sellerId,
    marketplaceSellerId: "10010",
    channel: "DIRECT",
    languageCode: "de",
    contact: pendingInvitation.contact,
  });
  setSellerHistory(db, pendingInvitation.sellerId, "REGISTERED", 2, []);
  db.prepare("INSERT INTO seller_invitations (seller_id, email, invited_by, invited_at) VALUES (?, ?, 'user-bd', ?)").run(
    pendingInvitation.sellerId,
    pendingInvitation.contact.email,
    new Date(Date.now() - 2 * 86_400_000).toISOString(),
  );
}
