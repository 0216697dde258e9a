/**
 * The sandbox's side of the staff journeys: a seller seen whole, the
 * catalogue team's return of a hand-over, the record of staff acting as a
 * seller, and the invitations a staff member sent. Each with the service's
 * own validation.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { IntegrationInfo, IntegrationSellers } from "#contract/catalogue.ts";
import { InvitationPage, StaffSellerOverview, SubstitutionAudit } from "#contract/staff-seller.ts";
import { Seller } from "#contract/upstream.ts";
import { callService, control, mintToken, startTestSandbox, type TestSandbox } from "./helpers.ts";

let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox?.close();
});
beforeEach(async () => {
  await control(sandbox, "POST", "/reset");
});

const as = async (username: string) => {
  const token = await mintToken(sandbox, username);
  return (path: string, options: Parameters<typeof callService>[2] = {}) => callService(sandbox, path, { token, ...options });
};

describe("GET /api-external/sellers/{id}/overview", () => {
  it("answers the progress facts, state history, registration, files and returns; refuses sellers; 404 for an unknown seller", async () => {
    const staff = await as("success@example.com");
    const overview = StaffSellerOverview.parse((await staff("/onboarding/api-external/sellers/seller-submitted/overview")).body);
    expect(overview.seller).toMatchObject({ onboardingSellerId: "seller-submitted", state: "CATALOGUE_DATA_SUBMITTED" });
    expect(overview.seller.progressFacts.steps).toHaveLength(8);
    expect(overview.seller.progressFacts.files).toEqual([{ mappingComplete: true }]);
    expect(overview.stateHistory.map((entry) => entry.state)).toEqual(["REGISTERED", "ONBOARDING", "CATALOGUE_DATA_SUBMITTED"]);
    expect(overview.files).toEqual([
      expect.objectContaining({ fileName: "sonnenhof-artikel.csv", mappingComplete: true, rowsChecked: null, rowsRejected: null }),
    ]);
    expect(overview.invitation).toBeNull();
    expect(overview.registeredAt).toBe(overview.seller.createdAt);
    expect(overview.uploadType).toBe("DIRECT");

    const invited = StaffSellerOverview.parse((await staff("/onboarding/api-external/sellers/seller-invited/overview")).body);
    expect(invited.invitation).toMatchObject({ email: "anna.weber@weserblick-wohnen.example.com", invitedBy: "bd@example.com", acceptedAt: null });
    expect(invited.registeredAt).toBeNull();

    const seller = await as("seller.submitted@example.com");
    expect((await seller("/onboarding/api-external/sellers/seller-submitted/overview")).status).toBe(403);
    expect((await staff("/onboarding/api-external/sellers/seller-nobody/overview")).body).toMatchObject({ errorCode: "SELLER_NOT_FOUND" });
  });

  it("answers a seller's shops by onboarding id to staff only, and a seller named 'shops' is still a name to check", async () => {
    const staff = await as("operator@example.com");
    const shops = await staff("/seller-service/v2/seller/seller-active/shops");
    expect(shops.body.marketplaceShops.map((shop: { marketplaceSellerId: string }) => shop.marketplaceSellerId).sort()).toEqual(["10452", "120034", "9871"]);
    expect((await staff("/seller-service/v2/seller/seller-new/shops")).body).toEqual({ marketplaceShops: [] });
    expect((await (await as("seller.active@example.com"))("/seller-service/v2/seller/seller-active/shops")).status).toBe(403);
    expect((await staff("/seller-service/v2/seller/sellerNameExists/shops")).body).toEqual({ exists: false });
  });
});

describe("POST /catalogue-integration/seller/{id}/return", () => {
  const path = "/catalogue-upload/catalogue-integration/seller/seller-submitted/return";
  const fileId = "file-seller-submitted-sonnenhof-artikel-csv";

  it("sends the hand-over back with its reasons; the seller reads them until they hand over again", async () => {
    const tom = await as("tom@example.com");
    const answer = await tom(path, {
      method: "POST",
      body: { reason: "The prices are missing in every row.", files: [{ fileId, reason: "Add a price column." }] },
    });
    expect(answer.status).toBe(200);
    const info = IntegrationInfo.parse(answer.body);
    expect(info.state).toBe("ONBOARDING");
    expect(info.returns).toEqual([
      expect.objectContaining({
        reason: "The prices are missing in every row.",
        returnedBy: "tom@example.com",
        resolvedAt: null,
        files: [{ fileId, fileName: "sonnenhof-artikel.csv", reason: "Add a price column." }],
      }),
    ]);
    const list = IntegrationSellers.parse((await tom("/catalogue-upload/catalogue-integration/sellers")).body);
    expect(list.find((seller) => seller.sellerId === "seller-submitted")).toMatchObject({ state: "ONBOARDING", returnOpen: true });

    const seller = await as("seller.submitted@example.com");
    const own = Seller.parse((await seller("/onboarding/me/seller")).body);
    expect(own.catalogueReturn).toEqual({
      reason: "The prices are missing in every row.",
      files: [{ fileId, fileName: "sonnenhof-artikel.csv", reason: "Add a price column." }],
      // Nothing returned on its own (issue 39 point 6).
      categories: [],
      products: [],
      returnedAt: info.returns[0]!.returnedAt,
    });
    // The seller may change the catalogue again, and hands over again.
    expect((await seller("/onboarding/me/seller/finish-upload", { method: "POST" })).status).toBe(200);
    expect(Seller.parse((await seller("/onboarding/me/seller")).body).catalogueReturn).toBeNull();
    const after = IntegrationInfo.parse((await tom("/catalogue-upload/catalogue-integration/seller/seller-submitted/info")).body);
    expect(after.state).toBe("CATALOGUE_DATA_SUBMITTED");
    expect(after.returns[0]!.resolvedAt).not.toBeNull();
  });

  it("refuses a short reason, a file of another seller, a catalogue not waiting for mapping, and anyone but the catalogue team", async () => {
    const tom = await as("tom@example.com");
    const short = await tom(path, { method: "POST", body: { reason: "no" } });
    expect(short).toMatchObject({ status: 400, body: { errorCode: "VALIDATION_ERROR" } });
    expect(short.body.errors[0].fieldName).toBe("reason");
    const foreign = await tom(path, {
      method: "POST",
      body: { reason: "Prices are missing.", files: [{ fileId: "file-seller-active-nordlicht-katalog-2026-csv", reason: "x" }] },
    });
    expect(foreign).toMatchObject({ status: 400, body: { errorCode: "FILE_NOT_FOUND" } });
    const twice = await tom(path, {
      method: "POST",
      body: {
        reason: "Prices are missing.",
        files: [
          { fileId, reason: "a" },
          { fileId, reason: "b" },
        ],
      },
    });
    expect(twice.status).toBe(400);
    const mapped = await tom("/catalogue-upload/catalogue-integration/seller/seller-mapped/return", {
      method: "POST",
      body: { reason: "Prices are missing." },
    });
    expect(mapped).toMatchObject({ status: 409, body: { errorCode: "INVALID_STATE" } });
    const admin = await as("admin@example.com");
    expect((await admin(path, { method: "POST", body: { reason: "Prices are missing." } })).status).toBe(403);
    const info = IntegrationInfo.parse((await tom("/catalogue-upload/catalogue-integration/seller/seller-submitted/info")).body);
    expect(info).toMatchObject({ state: "CATALOGUE_DATA_SUBMITTED", returns: [] });
  });
});

describe("the record of staff acting as a seller", () => {
  it("records start, each change with its answer, and the end (signed out); only staff read it", async () => {
    const staff = await as("success@example.com");
    expect(
      (await staff("/user-profile/me/user/substitute-into-seller-user", { method: "POST", body: { userProfileId: "user-seller-catalogue" } })).status,
    ).toBe(200);
    // A change, a refused change (the contract step may not be changed while acting as the seller), and reads.
    const marked = await staff("/onboarding/me/seller/catalogue-import-progress/mark-as-filled", { method: "PUT", body: { stepType: "FTP_SETTINGS" } });
    expect(marked.status).toBe(200);
    const refused = await staff("/onboarding/me/seller/onboarding/steps/contract", { method: "PUT", body: {} });
    expect(refused.status).toBe(403);
    await staff("/onboarding/me/seller");
    await staff("/seller-service/v2/seller/sellerNameExists/anything");
    expect((await staff("/user-profile/me/user/remove-substitution", { method: "DELETE", query: { reason: "SIGN_OUT" } })).status).toBe(200);

    const audit = SubstitutionAudit.parse((await staff("/user-profile/users/substitutions", { query: { sellerId: "seller-catalogue" } })).body);
    expect(audit.sessions).toHaveLength(1);
    const [session] = audit.sessions;
    expect(session).toMatchObject({ staffEmail: "success@example.com", endedBy: "SIGNED_OUT" });
    expect(session!.endedAt).not.toBeNull();
    expect(session!.changes.map((change) => [change.kind, change.subject, change.status])).toEqual([
      ["CATALOGUE_STEP_MARKED", null, 200],
      ["SHOP_SETUP_STEP_SAVED", "contract", 403],
    ]);

    expect((await (await as("seller.catalogue@example.com"))("/user-profile/users/substitutions", { query: { sellerId: "seller-catalogue" } })).status).toBe(
      403,
    );
    expect((await staff("/user-profile/users/substitutions")).status).toBe(400);
    expect((await staff("/user-profile/me/user/remove-substitution", { method: "DELETE", query: { reason: "LATER" } })).status).toBe(400);
  });

  it("ends an open substitution as switched when the staff member acts as another seller, and as ended otherwise", async () => {
    const staff = await as("admin@example.com");
    await staff("/user-profile/me/user/substitute-into-seller-user", { method: "POST", body: { userProfileId: "user-seller-new" } });
    await staff("/user-profile/me/user/substitute-into-seller-user", { method: "POST", body: { userProfileId: "user-seller-catalogue" } });
    await staff("/user-profile/me/user/remove-substitution", { method: "DELETE" });
    const first = SubstitutionAudit.parse((await staff("/user-profile/users/substitutions", { query: { sellerId: "seller-new" } })).body);
    const second = SubstitutionAudit.parse((await staff("/user-profile/users/substitutions", { query: { sellerId: "seller-catalogue" } })).body);
    expect(first.sessions.map((session) => session.endedBy)).toEqual(["SWITCHED"]);
    expect(second.sessions.map((session) => session.endedBy)).toEqual(["ENDED"]);
  });
});

describe("GET /api-external/invitations", () => {
  it("lists the invitations the signed-in staff member sent, filtered by registration, state and search", async () => {
    const bd = await as("bd@example.com");
    const invited = await bd("/onboarding/api-external/sellers", {
      method: "PUT",
      body: {
        name: "Ostsee Strandkörbe GmbH",
        crmId: "CRM-777001",
        channel: "DIRECT",
        languageCode: "de",
        contact: { name: "Ole Hansen", email: "ole@ostsee-strand.example.com", phone: null },
      },
    });
    expect(invited.status).toBe(201);
    const mine = InvitationPage.parse((await bd("/onboarding/api-external/invitations")).body);
    expect(mine.items.map((item) => item.sellerName)).toEqual(["Ostsee Strandkörbe GmbH", "Weserblick Wohnen GmbH"]);
    expect(mine.items[0]).toMatchObject({ email: "ole@ostsee-strand.example.com", invitedBy: "bd@example.com", registeredAt: null, state: "REGISTERED" });
    const pending = InvitationPage.parse((await bd("/onboarding/api-external/invitations", { query: { status: "PENDING", search: "weser" } })).body);
    expect(pending.items.map((item) => item.onboardingSellerId)).toEqual(["seller-invited"]);
    expect(InvitationPage.parse((await bd("/onboarding/api-external/invitations", { query: { status: "REGISTERED" } })).body).total).toBe(0);
    expect(InvitationPage.parse((await bd("/onboarding/api-external/invitations", { query: { state: "ACTIVE" } })).body).total).toBe(0);
    expect((await bd("/onboarding/api-external/invitations", { query: { status: "LATER" } })).status).toBe(400);

    const one = await bd(`/onboarding/api-external/invitations/${invited.body.onboardingSellerId}`);
    expect(one.body).toMatchObject({ sellerName: "Ostsee Strandkörbe GmbH", contactName: "Ole Hansen", languageCode: "de" });
    expect((await bd("/onboarding/api-external/invitations/seller-active")).status).toBe(404);

    const admin = await as("admin@example.com");
    expect(InvitationPage.parse((await admin("/onboarding/api-external/invitations")).body).total).toBe(0);
    expect((await (await as("seller.new@example.com"))("/onboarding/api-external/invitations")).status).toBe(403);
  });
});
