/**
 * Who did what (contract/activity.ts): the user-profile service's record of each seller's changes, written with each
 * change from the calling token's user; its readers, filters, pages and CSV export.
 */
import { readFileSync } from "node:fs";
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

const SAMPLE_CSV = readFileSync(new URL("../../sandbox/samples/catalogue-sample.csv", import.meta.url));
const PDF = new TextEncoder().encode("%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

async function multipart(path: string, token: string, fields: Record<string, string>, file: { name: string; bytes: Uint8Array }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set("file", new Blob([new Uint8Array(file.bytes)]), file.name);
  const response = await fetch(`${sandbox.url}${path}?apikey=sandbox-api-key`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: response.status, body: (await response.json()) as { id: string } };
}

describe("each kind of write leaves its entry", () => {
  it("the shop setup, the catalogue and the hand-over, then the catalogue team and staff", async () => {
    const seller = await mintToken(sandbox, "seller.new@example.com");
    const kinds = async () => ((await record(seller, { size: "100" })).body.entries as Entry[]).map((entry) => entry.kind).reverse();

    const step = await callService(sandbox, "/onboarding/me/seller/onboarding/steps/bank-account", {
      token: seller,
      method: "PUT",
      body: { accountHolder: "Frischer Wind Handel UG", iban: "de89 3704 0044 0532 0130 00", bic: "cobadeffxxx" },
    });
    expect(step.status).toBe(200);
    const document = await multipart(
      "/onboarding/me/seller/onboarding/documents",
      seller,
      { kind: "TRADE_REGISTER_EXTRACT" },
      { name: "auszug.pdf", bytes: PDF },
    );
    expect(document.status).toBe(201);
    expect((await callService(sandbox, `/onboarding/me/seller/onboarding/documents/${document.body.id}`, { token: seller, method: "DELETE" })).status).toBe(
      204,
    );
    const file = await multipart("/catalogue-upload/me/seller/file", seller, { type: "CSV" }, { name: "katalog.csv", bytes: SAMPLE_CSV });
    expect(file.status).toBe(201);
    const mapped = await callService(sandbox, "/catalogue-upload/me/seller/file", {
      token: seller,
      method: "PATCH",
      query: { fileId: file.body.id },
      body: { headerMapping: { EAN: "EAN", Kategorie: "PRODUCT_CATEGORY", Artikelname: "TITLE" } },
    });
    expect(mapped.status).toBe(200);
    expect((await callService(sandbox, "/catalogue-upload/me/seller/file", { token: seller, method: "DELETE", query: { fileId: file.body.id } })).status).toBe(
      204,
    );
    // Refused (the setup is not complete): no entry.
    expect((await callService(sandbox, "/onboarding/me/seller/finish-upload", { token: seller, method: "POST" })).status).toBe(409);

    expect(await kinds()).toEqual([
      "BANK_ACCOUNT_CHANGED",
      "DOCUMENT_UPLOADED",
      "DOCUMENT_DELETED",
      "CATALOGUE_FILE_UPLOADED",
      "CATALOGUE_MAPPING_SAVED",
      "CATALOGUE_FILE_DELETED",
    ]);
    const entries = (await record(seller)).body.entries as Entry[];
    expect(entries.find((entry) => entry.kind === "DOCUMENT_DELETED")?.params).toEqual({ documentKind: "TRADE_REGISTER_EXTRACT", fileName: "auszug.pdf" });
    expect(entries.find((entry) => entry.kind === "CATALOGUE_FILE_DELETED")?.params).toEqual({ fileName: "katalog.csv" });

    // The catalogue team on a seller that handed over; marketplace staff on one whose mapping is finished.
    const tom = await mintToken(sandbox, "tom@example.com");
    expect(
      (await callService(sandbox, "/catalogue-upload/catalogue-integration/seller/seller-submitted/finish-mapping", { token: tom, method: "POST" })).status,
    ).toBe(200);
    const staff = await mintToken(sandbox, "success@example.com");
    expect((await callService(sandbox, "/onboarding/api-external/sellers/seller-mapped/mark-as-active", { token: staff, method: "POST" })).status).toBe(200);
    const submitted = (await staffRecord(staff, "seller-submitted")).body.entries as Entry[];
    expect(submitted[0]).toMatchObject({ kind: "CATALOGUE_MAPPING_FINISHED", actor: { email: "tom@example.com", role: "TOM_TEAM_MEMBER" }, actingAs: null });
    const mappedSeller = (await staffRecord(staff, "seller-mapped")).body.entries as Entry[];
    expect(mappedSeller[0]).toMatchObject({ kind: "SELLER_MARKED_ACTIVE", actor: { email: "success@example.com", role: "OPERATOR_SUCCESSMANAGER" } });
  });

  it("a change request sent, and an invitation resent and withdrawn", async () => {
    const draft = await callService(sandbox, "/seller-service/v2/seller/seller-active/changes/bank-account", {
      token: admin,
      method: "POST",
      body: { accountHolder: "Nordlicht Living GmbH", iban: "DE02 1203 0000 0000 2020 51", bic: "BYLADEM1001" },
    });
    expect(draft.status).toBe(201);
    expect(
      (await callService(sandbox, `/seller-service/v2/seller/seller-active/changes/${draft.body.id}/submit`, { token: admin, method: "POST" })).status,
    ).toBe(200);
    expect(
      (await callService(sandbox, "/user-profile/me/seller/users/invitations/invitation-seed-colleague/resend", { token: admin, method: "POST" })).status,
    ).toBe(200);
    expect((await callService(sandbox, "/user-profile/me/seller/users/invitations/invitation-seed-colleague", { token: admin, method: "DELETE" })).status).toBe(
      204,
    );
    const entries = ((await record(admin)).body.entries as Entry[]).slice(0, 3);
    expect(entries.map((entry) => [entry.kind, entry.params])).toEqual([
      ["INVITATION_WITHDRAWN", { email: "colleague.invited@example.com" }],
      ["INVITATION_RESENT", { email: "colleague.invited@example.com" }],
      ["CHANGE_REQUEST_SENT", { change: "BANK_ACCOUNT" }],
    ]);
  });
});
