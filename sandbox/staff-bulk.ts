import { enrolWithDemoKey } from "./second-factor.ts";
import type { SellerChannel } from "#contract/staff.ts";
import { sellerStates, type SellerStateName } from "#contract/upstream.ts";
import type { Database } from "./db.ts";
import { insertSeller, insertUser, type UserRow } from "./repository.ts";
import { upsertProfile } from "./staff-changes.ts";

/** Sellers with a history: many realistic ones at once (tests and the benchmark), and a seeded seller's walk through the states. */

const DAY_MS = 86_400_000;

const NAME_PARTS = {
  first: ["Nord", "Süd", "Berg", "Tal", "Wald", "See", "Fluss", "Stadt", "Land", "Hafen", "Alpen", "Küsten", "Heide", "Moor", "Sonnen", "Mond"],
  second: ["licht", "blick", "hof", "werk", "haus", "garten", "kontor", "markt", "stube", "laden", "zeit", "welt"],
  trade: ["Möbel", "Textil", "Leuchten", "Küchen", "Deko", "Spielwaren", "Sport", "Technik", "Garten", "Mode", "Bücher", "Feinkost"],
  form: ["GmbH", "UG", "KG", "e.K.", "GmbH & Co. KG", "AG"],
};

/** A walk through the states up to `state`, days apart, ending `daysInState` days ago. */
function historyFor(state: SellerStateName, daysInState: number, stepDays: number[], now: number): { state: SellerStateName; at: string }[] {
  const reached = sellerStates.indexOf(state);
  const entries: { state: SellerStateName; at: string }[] = [];
  let daysAgo = daysInState;
  for (let index = reached; index >= 0; index--) {
    entries.unshift({ state: sellerStates[index]!, at: new Date(now - daysAgo * DAY_MS).toISOString() });
    daysAgo += stepDays[index % stepDays.length]!;
  }
  return entries;
}

/**
 * Adds `count` realistic sellers (names, CRM ids, channels, contacts,
 * administrators, state histories) in one transaction; answers each
 * administrator's sign-in name with the seller's state (a benchmark's users
 * that must be distinct sellers pick theirs from it).
 */
export function seedBulkSellers(
  db: Database,
  count: number,
  passwordHash: string,
): { created: number; accounts: { email: string; sellerId: string; state: SellerStateName }[] } {
  const now = Date.now();
  const { offset } = db.prepare("SELECT count(*) AS offset FROM sellers WHERE id LIKE 'bulk-%'").get() as { offset: number };
  const channels: SellerChannel[] = ["DIRECT", "AGENCY", "INTERNATIONAL"];
  // Many new and onboarding sellers, fewer further along, like a real funnel.
  const funnel: SellerStateName[] = [
    "REGISTERED",
    "REGISTERED",
    "ONBOARDING",
    "ONBOARDING",
    "ONBOARDING",
    "CATALOGUE_DATA_SUBMITTED",
    "CATALOGUE_DATA_MAPPING_FINISHED",
    "ACTIVE",
    "ACTIVE",
    "ACTIVE",
  ];
  const insertHistory = db.prepare("INSERT INTO seller_state_history (seller_id, state, entered_at) VALUES (?, ?, ?)");
  const clearHistory = db.prepare("DELETE FROM seller_state_history WHERE seller_id = ?");
  const setState = db.prepare("UPDATE sellers SET state_changed_at = ?, created_at = ? WHERE id = ?");
  const accounts: { email: string; sellerId: string; state: SellerStateName }[] = [];
  db.exec("BEGIN");
  try {
    for (let index = offset; index < offset + count; index++) {
      const n = index + 1;
      const state = funnel[(n * 7) % funnel.length]!;
      const name = `${NAME_PARTS.first[n % 16]}${NAME_PARTS.second[Math.floor(n / 16) % 12]} ${NAME_PARTS.trade[Math.floor(n / 192) % 12]} ${NAME_PARTS.form[n % 6]} ${n}`;
      const id = `bulk-${n}`;
      const history = historyFor(state, (n * 13) % 60, [3, 9, 5, 12, 20], now);
      insertSeller(db, {
        id,
        name,
        crmId: `CRM-${String(500_000 + n)}`,
        state,
        uploadType: state === "REGISTERED" ? null : "DIRECT",
        createdAt: history[0]!.at,
      });
      clearHistory.run(id);
      for (const entry of history) insertHistory.run(id, entry.state, entry.at);
      setState.run(history.at(-1)!.at, history[0]!.at, id);
      const email = `owner-${n}@bulk-seller.example.com`;
      upsertProfile(db, {
        sellerId: id,
        marketplaceSellerId: String(200_000 + n),
        channel: channels[n % 3],
        languageCode: n % 4 === 0 ? "en" : "de",
        contact: { name: `Inhaber ${n}`, email, phone: `+49 30 ${String(1_000_000 + n)}` },
        shopCount: state === "ACTIVE" ? 1 + (n % 3) : 0,
      });
      insertUser(db, { id: `user-bulk-${n}`, email, passwordHash, role: "SELLER_ADMINISTRATOR", languageCode: "de", sellerId: id, createdAt: history[0]!.at });
      accounts.push({ email, sellerId: id, state });
    }
    // Administrators, like the seeded ones: enrolled with the demo key, so that they sign in with a code.
    enrolWithDemoKey(
      db,
      accounts.map((_, index) => `user-bulk-${offset + index + 1}`),
    );
    db.exec("COMMIT");
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
  return { created: count, accounts };
}

/**
 * Adds `count` more accounts like the one signed in as `like` (its role, its seller, its language): `local+1@domain`,
 * `local+2@domain`… Several people of one seller or of the marketplace's staff, each signing in as themselves.
 */
export function seedBulkUsers(db: Database, like: UserRow, count: number, passwordHash: string): string[] {
  const [local, domain] = like.email.split("@") as [string, string];
  const { existing } = db.prepare("SELECT count(*) AS existing FROM users WHERE email LIKE ?").get(`${local}+%@${domain}`) as { existing: number };
  const emails = Array.from({ length: count }, (_, index) => `${local}+${existing + index + 1}@${domain}`);
  db.exec("BEGIN");
  try {
    const ids = emails.map((email) => insertUser(db, { email, passwordHash, role: like.role, languageCode: like.language_code, sellerId: like.seller_id }));
    // Like the seeded accounts: enrolled with the demo key, so that they sign in with a code as their model does.
    enrolWithDemoKey(db, ids);
    db.exec("COMMIT");
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
  return emails;
}

/** Rewrites a seller's history as a walk through the states, the last one entered `daysInState` days ago. */
export function setSellerHistory(db: Database, sellerId: string, state: SellerStateName, daysInState: number, stepDays: number[]): void {
  const history = historyFor(state, daysInState, stepDays, Date.now());
  db.prepare("DELETE FROM seller_state_history WHERE seller_id = ?").run(sellerId);
  const insert = db.prepare("INSERT INTO seller_state_history (seller_id, state, entered_at) VALUES (?, ?, ?)");
  for (const entry of history) insert.run(sellerId, entry.state, entry.at);
  db.prepare("UPDATE sellers SET state_changed_at = ?, created_at = ? WHERE id = ?").run(history.at(-1)!.at, history[0]!.at, sellerId);
}
