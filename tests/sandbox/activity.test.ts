/**
 * Who did what (contract/activity.ts): the user-profile service's record of each seller's changes, written with each
 * change from the calling token's user; its readers, filters, pages and CSV export.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { csvLine } from "../../sandbox/http/csv.ts";
import { callService, control, mintToken, startTestSandbox, type TestSandbox } from "./helpers.ts";

/** The seed's history of the active seller (sandbox/seed.ts), four of its entries by its administrator. */
const SEEDED = 7;
const SEEDED_BY_ADMIN = 4;

let sandbox: TestSandbox;
let admin: string;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox?.close();
});
beforeEach(async () => {
  await control(sandbox, "POST", "/reset");
  admin = await mintToken(sandbox, "seller.active@example.com");
});

type Entry = {
  kind: string;
  actor: { userId: string; email: string; role: string };
  actingAs: { userId: string | null; email: string | null; role: string } | null;
  params: Record<string, unknown>;
};
const record = async (token: string, query: Record<string, string> = {}) => callService(sandbox, "/user-profile/me/seller/activity", { token, query });
const staffRecord = async (token: string, sellerId: string, query: Record<string, string> = {}) =>
  callService(sandbox, `/user-profile/sellers/${sellerId}/activity`, { token, query });

async function inviteChangeRemove(token: string) {
  const invited = await callService(sandbox, "/user-profile/me/seller/users/invitations", {
    token,
    method: "POST",
    body: { email: "new.colleague@example.com", role: "SELLER_VIEWER_EXTERNAL" },
  });
  expect(invited.status).toBe(201);
  const role = await callService(sandbox, "/user-profile/me/seller/users/user-viewer/role", { token, method: "PUT", body: { role: "SELLER_ADMINISTRATOR" } });
  expect(role.status).toBe(200);
  const removed = await callService(sandbox, "/user-profile/me/seller/users/user-viewer", { token, method: "DELETE" });
  expect(removed.status).toBe(204);
}

describe("the activity record", () => {
  it("records each colleague change with who made it, newest first", async () => {
    await inviteChangeRemove(admin);
    const page = await record(admin);
    expect(page.status).toBe(200);
    const entries = page.body.entries as Entry[];
    expect(entries.slice(0, 4).map((entry) => entry.kind)).toEqual(["USER_REMOVED", "ROLE_CHANGED", "USER_INVITED", "USER_INVITED"]);
    expect(entries[0]).toMatchObject({
      actor: { userId: "user-seller-active", email: "seller.active@example.com", role: "SELLER_ADMINISTRATOR" },
      actingAs: null,
      params: { email: "viewer@example.com", role: "SELLER_ADMINISTRATOR" },
    });
    expect(entries[1]?.params).toEqual({ email: "viewer@example.com", from: "SELLER_VIEWER_EXTERNAL", to: "SELLER_ADMINISTRATOR" });
    expect(entries[2]?.params).toEqual({ email: "new.colleague@example.com", role: "SELLER_VIEWER_EXTERNAL" });
    expect(page.body).toMatchObject({ sellerId: "seller-active", total: SEEDED + 3, page: 1, size: 20 });
    expect(page.body.people).toEqual([
      { userId: "user-seller-active", name: null, email: "seller.active@example.com" },
      { userId: "user-success", name: null, email: "success@example.com" },
      { userId: "user-tom", name: null, email: "tom@example.com" },
    ]);
  });

  it("cuts a long value rather than refusing the change", async () => {
    const email = `${"a".repeat(60)}.${"b".repeat(60)}.${"c".repeat(60)}@${"d".repeat(50)}.example.com`;
    const invited = await callService(sandbox, "/user-profile/me/seller/users/invitations", {
      token: admin,
      method: "POST",
      body: { email, role: "SELLER_VIEWER_EXTERNAL" },
    });
    expect(invited.status).toBe(201);
    const [entry] = (await record(admin, { kind: "USER_INVITED" })).body.entries as Entry[];
    expect(entry?.params.email).toBe(email.slice(0, 200));
  });

  it("records nothing for a refused change", async () => {
    const refused = await callService(sandbox, "/user-profile/me/seller/users/user-seller-active", { token: admin, method: "DELETE" });
    expect(refused.status).toBe(409);
    expect((await record(admin)).body.total).toBe(SEEDED);
  });

  it("records staff acting as the seller as themselves, with the seller user they act as", async () => {
    const staff = await mintToken(sandbox, "admin@example.com");
    await callService(sandbox, "/user-profile/me/user/substitute-into-seller-user", {
      token: staff,
      method: "POST",
      body: { userProfileId: "user-seller-new" },
    });
    const saved = await callService(sandbox, "/onboarding/me/seller/upload-settings", { token: staff, method: "PATCH", body: { uploadType: "DIRECT" } });
    expect(saved.status).toBe(200);
    const page = await staffRecord(staff, "seller-new");
    expect(page.status).toBe(200);
    expect(page.body.entries[0]).toMatchObject({
      kind: "UPLOAD_SETTINGS_SAVED",
      actor: { email: "admin@example.com", role: "OPERATOR_ADMINISTRATOR" },
      actingAs: { userId: "user-seller-new", email: "seller.new@example.com", role: "SELLER_ADMINISTRATOR" },
      params: { uploadType: "DIRECT" },
    });
    // Acting as the seller, staff read its record as its administrators do.
    expect((await record(staff)).body.total).toBe(1);
  });

  it("filters by person and kind, pages, and refuses an unknown kind", async () => {
    await inviteChangeRemove(admin);
    expect((await record(admin, { kind: "ROLE_CHANGED" })).body.entries.map((entry: Entry) => entry.kind)).toEqual(["ROLE_CHANGED"]);
    expect((await record(admin, { person: "user-someone-else" })).body.total).toBe(0);
    expect((await record(admin, { person: "user-seller-active" })).body.total).toBe(SEEDED_BY_ADMIN + 3);
    // The seed's change by staff acting as the seller is theirs, and says as whom.
    const acting = await record(admin, { person: "user-success", kind: "STEP_SAVED" });
    expect(acting.body.entries[0]).toMatchObject({ actor: { role: "OPERATOR_SUCCESSMANAGER" }, actingAs: { email: "seller.active@example.com" } });
    expect((await record(admin, { kind: "NOT_A_KIND" })).status).toBe(400);
    expect((await record(admin, { size: "7" })).status).toBe(400);
    const second = await record(admin, { page: "2" });
    expect(second.body).toMatchObject({ page: 2, total: SEEDED + 3, entries: [] });
    const small = await record(admin, { size: "50" });
    expect(small.body.entries).toHaveLength(SEEDED + 3);
  });

  it("refuses a viewer, another seller's administrator on another's record, and sellers on the staff endpoint", async () => {
    const viewer = await mintToken(sandbox, "viewer@example.com");
    expect((await record(viewer)).status).toBe(403);
    expect((await staffRecord(admin, "seller-active")).status).toBe(403);
    const other = await mintToken(sandbox, "seller.new@example.com");
    await inviteChangeRemove(admin);
    expect((await record(other)).body.total).toBe(0);
    const staff = await mintToken(sandbox, "operator@example.com");
    expect((await staffRecord(staff, "seller-nobody")).status).toBe(404);
    expect((await staffRecord(staff, "seller-active")).body.total).toBe(SEEDED + 3);
  });

  it("exports the filtered record as CSV with a byte-order mark, formulas neutralised", async () => {
    await inviteChangeRemove(admin);
    const url = new URL(`${sandbox.url}/user-profile/me/seller/activity/export`);
    url.searchParams.set("apikey", "sandbox-api-key");
    url.searchParams.set("kind", "USER_INVITED");
    const response = await fetch(url, { headers: { authorization: `Bearer ${admin}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder()
      .decode(bytes)
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("at,kind,actorUserId,actorName,actorEmail,actorRole,actingAsUserId,actingAsEmail,actingAsRole,params");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(
      /^[\d-]+T[\d:.]+Z,USER_INVITED,user-seller-active,,seller.active@example.com,SELLER_ADMINISTRATOR,,,,"\{""email"":""new.colleague@example.com""/,
    );
  });
});

describe("the service's CSV cells", () => {
  it("neutralises what a spreadsheet would run and quotes what would split a cell", () => {
    expect(csvLine(["=1+1", "+x", "-2", "@SUM(A1)", "plain", null, 'say "hi", then'])).toBe(`"'=1+1","'+x","'-2","'@SUM(A1)",plain,,"say ""hi"", then"\r\n`);
  });
});
