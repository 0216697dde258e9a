import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CatalogueImportProgress, CurrentUser, Seller, sandboxKeys, sandboxServicePrefixes, UpstreamErrorBody } from "#contract/upstream.ts";
import { stepNames } from "#contract/onboarding.ts";
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

function expectErrorBody(body: unknown, errorCode: string) {
  const parsed = UpstreamErrorBody.parse(body);
  expect(parsed.errorCode).toBe(errorCode);
  expect(parsed.message).toEqual(expect.any(String));
  expect(parsed.errorId).toMatch(/^[0-9a-f-]{36}$/);
}

describe("access rules", () => {
  it("answers 401 without a bearer token, on every guarded service", async () => {
    for (const prefix of ["/onboarding", "/user-profile", "/seller-service", "/catalogue-upload", "/analytics", "/recommended-actions"]) {
      const { status, body } = await callService(sandbox, `${prefix}/me/user`);
      expect(status, prefix).toBe(401);
      expectErrorBody(body, "UNAUTHORIZED");
    }
  });

  it("answers 401 for a token the identity provider did not issue", async () => {
    const { status, body } = await callService(sandbox, "/user-profile/me/user", { token: "made-up-token" });
    expect(status).toBe(401);
    expectErrorBody(body, "INVALID_TOKEN");
  });

  it("answers 403 INVALID_API_KEY without the right apikey", async () => {
    const token = await mintToken(sandbox, "seller.active@example.com");
    for (const apikey of [null, "wrong-key", sandboxKeys.analyticsApiKey]) {
      const { status, body } = await callService(sandbox, "/onboarding/me/seller", { token, apikey });
      expect(status).toBe(403);
      expectErrorBody(body, "INVALID_API_KEY");
    }
  });

  it("wants the analytics key on analytics and no credentials on address", async () => {
    const token = await mintToken(sandbox, "seller.active@example.com");
    const analyticsWithMainKey = await callService(sandbox, "/analytics/anything", { token });
    expect(analyticsWithMainKey.status).toBe(403);
    const analytics = await callService(sandbox, "/analytics/anything", { token, apikey: sandboxKeys.analyticsApiKey });
    expect(analytics.status).toBe(404);
    expectErrorBody(analytics.body, "NOT_FOUND");
    const address = await callService(sandbox, `${sandboxServicePrefixes.address}/anything`, { apikey: null });
    expect(address.status).toBe(404);
  });

  it("answers unknown paths with a contract-shaped 404", async () => {
    const { status, body } = await callService(sandbox, "/nowhere");
    expect(status).toBe(404);
    expectErrorBody(body, "NOT_FOUND");
  });
});

describe("user-profile: /me/user", () => {
  const cases = [
    ["seller.active@example.com", "SELLER_ADMINISTRATOR", "seller-active"],
    ["seller.new@example.com", "SELLER_ADMINISTRATOR", "seller-new"],
    ["viewer@example.com", "SELLER_VIEWER_EXTERNAL", "seller-active"],
    ["admin@example.com", "OPERATOR_ADMINISTRATOR", null],
    ["bd.international@example.com", "OPERATOR_BUSINESSDEVELOPER_INTERNATIONAL", null],
    ["tom@example.com", "TOM_TEAM_MEMBER", null],
  ] as const;

  for (const [username, role, sellerId] of cases) {
    it(`answers for ${username}`, async () => {
      const token = await mintToken(sandbox, username);
      const { status, body } = await callService(sandbox, "/user-profile/me/user", { token });
      expect(status).toBe(200);
      expect(CurrentUser.parse(body)).toMatchObject({
        email: username,
        role,
        languageCode: "en",
        substitutionMode: false,
        sellerId,
      });
    });
  }

  it("updates the language and keeps it", async () => {
    const token = await mintToken(sandbox, "seller.mapped@example.com");
    const updated = await callService(sandbox, "/user-profile/me/user/language", {
      token,
      method: "PUT",
      query: { language: "de" },
    });
    expect(updated.status).toBe(200);
    expect(CurrentUser.parse(updated.body).languageCode).toBe("de");
    const again = await callService(sandbox, "/user-profile/me/user", { token });
    expect(again.body.languageCode).toBe("de");
  });

  it("refuses an unknown language with 400", async () => {
    const token = await mintToken(sandbox, "seller.mapped@example.com");
    const { status, body } = await callService(sandbox, "/user-profile/me/user/language", {
      token,
      method: "PUT",
      query: { language: "fr" },
    });
    expect(status).toBe(400);
    expectErrorBody(body, "INVALID_LANGUAGE");
    expect(body.errors[0].fieldName).toBe("language");
  });
});

describe("onboarding: the seller", () => {
  const states = [
    ["seller.active@example.com", "ACTIVE"],
    ["seller.new@example.com", "REGISTERED"],
    ["seller.submitted@example.com", "CATALOGUE_DATA_SUBMITTED"],
    ["seller.mapped@example.com", "CATALOGUE_DATA_MAPPING_FINISHED"],
    ["viewer@example.com", "ACTIVE"],
  ] as const;

  for (const [username, state] of states) {
    it(`${username} is ${state}`, async () => {
      const token = await mintToken(sandbox, username);
      const { status, body } = await callService(sandbox, "/onboarding/me/seller/state", { token });
      expect(status).toBe(200);
      expect(body).toEqual({ state });
    });
  }

  // The sandbox reuses its prepared statements: the same lookups, repeated, must still see every change and every token anew.
  it("answers the state afresh on every call, and checks the token on every call", async () => {
    const token = await mintToken(sandbox, "seller.mapped@example.com");
    const state = async () => (await callService(sandbox, "/onboarding/me/seller/state", { token })).body as unknown;
    expect(await state()).toEqual({ state: "CATALOGUE_DATA_MAPPING_FINISHED" });
    expect(await state()).toEqual({ state: "CATALOGUE_DATA_MAPPING_FINISHED" });
    const staff = await mintToken(sandbox, "success@example.com");
    expect((await callService(sandbox, "/onboarding/api-external/sellers/seller-mapped/mark-as-active", { token: staff, method: "POST" })).status).toBe(200);
    expect(await state()).toEqual({ state: "ACTIVE" });

    const other = await mintToken(sandbox, "seller.new@example.com");
    expect((await callService(sandbox, "/onboarding/me/seller/state", { token: other })).body).toEqual({ state: "REGISTERED" });
    expect((await control(sandbox, "POST", "/tokens/expire", { access_token: token })).status).toBe(200);
    const expired = await callService(sandbox, "/onboarding/me/seller/state", { token });
    expect(expired.status).toBe(401);
    expectErrorBody(expired.body, "INVALID_TOKEN");
    expect((await callService(sandbox, "/onboarding/me/seller/state", { token: `${other}x` })).status).toBe(401);
    expect((await callService(sandbox, "/onboarding/me/seller/state", { token: other })).body).toEqual({ state: "REGISTERED" });
  });

  it("describes the active seller, with the ce-fds field", async () => {
    const token = await mintToken(sandbox, "seller.active@example.com");
    const { status, body } = await callService(sandbox, "/onboarding/me/seller", { token });
    expect(status).toBe(200);
    const seller = Seller.parse(body);
    expect(seller).toMatchObject({ id: "seller-active", name: "Nordlicht Living GmbH", state: "ACTIVE" });
    expect(seller.additionalFields).toContainEqual({ code: "ce-fds", value: "true" });
    expect(seller.sellerCatalogueImportSettings.uploadType).toBe("DIRECT");
    expect(seller.sellerCatalogueFiles.length).toBeGreaterThan(0);
  });

  it("derives the catalogue steps from the seller's data", async () => {
    const progressOf = async (username: string) => {
      const token = await mintToken(sandbox, username);
      const { status, body } = await callService(sandbox, "/onboarding/me/seller/catalogue-import-progress", { token });
      expect(status).toBe(200);
      return Object.fromEntries(CatalogueImportProgress.parse(body).map((step) => [step.stepType, step.complete]));
    };
    expect(await progressOf("seller.new@example.com")).toEqual({
      UPLOAD_SETTINGS: false,
      FILE_UPLOAD: false,
      FTP_SETTINGS: false,
    });
    expect(await progressOf("seller.submitted@example.com")).toEqual({
      UPLOAD_SETTINGS: true,
      FILE_UPLOAD: true,
      FTP_SETTINGS: true,
    });
    expect(await progressOf("owner@bergblick-moebel.example.com")).toEqual({
      UPLOAD_SETTINGS: true,
      FILE_UPLOAD: false,
      FTP_SETTINGS: false,
    });
    expect(await progressOf("owner@rheinauen-textil.example.com")).toEqual({
      UPLOAD_SETTINGS: true,
      FILE_UPLOAD: false,
      FTP_SETTINGS: true,
    });
  });

  it("answers 404 for staff without a seller", async () => {
    const token = await mintToken(sandbox, "admin@example.com");
    for (const path of ["/me/seller", "/me/seller/state", "/me/seller/catalogue-import-progress"]) {
      const { status, body } = await callService(sandbox, `/onboarding${path}`, { token });
      expect(status).toBe(404);
      expectErrorBody(body, "SELLER_NOT_FOUND");
    }
  });
});

describe("substitution", () => {
  it("lets staff act as a seller and back", async () => {
    const token = await mintToken(sandbox, "success@example.com");
    const started = await callService(sandbox, "/user-profile/me/user/substitute-into-seller-user", {
      token,
      method: "POST",
      body: { userProfileId: "user-seller-submitted" },
    });
    expect(started.status).toBe(200);
    expect(CurrentUser.parse(started.body)).toMatchObject({
      id: "user-success",
      role: "SELLER_ADMINISTRATOR",
      substitutionMode: true,
      sellerId: "seller-submitted",
      substitutedSellerName: "Sonnenhof Gartenbedarf GmbH",
    });
    const me = await callService(sandbox, "/user-profile/me/user", { token });
    expect(me.body.substitutionMode).toBe(true);
    const seller = await callService(sandbox, "/onboarding/me/seller", { token });
    expect(seller.body.id).toBe("seller-submitted");

    const ended = await callService(sandbox, "/user-profile/me/user/remove-substitution", { token, method: "DELETE" });
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ role: "OPERATOR_SUCCESSMANAGER", substitutionMode: false, sellerId: null });
    expect((await callService(sandbox, "/onboarding/me/seller", { token })).status).toBe(404);
  });

  it("is for staff only", async () => {
    const token = await mintToken(sandbox, "seller.active@example.com");
    const { status, body } = await callService(sandbox, "/user-profile/me/user/substitute-into-seller-user", {
      token,
      method: "POST",
      body: { userProfileId: "user-seller-new" },
    });
    expect(status).toBe(403);
    expectErrorBody(body, "FORBIDDEN");
  });

  it("answers 404 for an unknown user and 400 without one", async () => {
    const token = await mintToken(sandbox, "admin@example.com");
    const unknown = await callService(sandbox, "/user-profile/me/user/substitute-into-seller-user", {
      token,
      method: "POST",
      body: { userProfileId: "user-nobody" },
    });
    expect(unknown.status).toBe(404);
    const missing = await callService(sandbox, "/user-profile/me/user/substitute-into-seller-user", {
      token,
      method: "POST",
      body: {},
    });
    expect(missing.status).toBe(400);
  });
});

describe("finishing the catalogue upload", () => {
  it("refuses while a catalogue step is missing, naming it, and changes nothing", async () => {
    // seller.new has saved no shop-setup step, no upload settings and no file.
    const token = await mintToken(sandbox, "seller.new@example.com");
    const refused = await callService(sandbox, "/onboarding/me/seller/finish-upload", { token, method: "POST" });
    expect(refused.status).toBe(409);
    expectErrorBody(refused.body, "ONBOARDING_INCOMPLETE");
    expect(UpstreamErrorBody.parse(refused.body).errors?.map((error) => error.fieldName)).toEqual([...stepNames, "UPLOAD_SETTINGS", "FILE_UPLOAD"]);
    const state = await callService(sandbox, "/onboarding/me/seller/state", { token });
    expect(state.body).toEqual({ state: "REGISTERED" });
  });

  it("refuses a seller whose catalogue was handed over already", async () => {
    const token = await mintToken(sandbox, "seller.submitted@example.com");
    const { status, body } = await callService(sandbox, "/onboarding/me/seller/finish-upload", { token, method: "POST" });
    expect(status).toBe(409);
    expectErrorBody(body, "INVALID_STATE");
  });
});

describe("seller-service: seller names", () => {
  it("knows the names that are taken, ignoring case and spaces, by GET and POST", async () => {
    const token = await mintToken(sandbox, "bd@example.com");
    const taken = await callService(sandbox, `/seller-service/v2/seller/sellerNameExists/${encodeURIComponent(" nordlicht living gmbh ")}`, { token });
    expect(taken).toMatchObject({ status: 200, body: { exists: true } });
    const free = await callService(sandbox, "/seller-service/v2/seller/sellerNameExists/Neuer%20Laden%20GmbH", { token });
    expect(free).toMatchObject({ status: 200, body: { exists: false } });
    const posted = await callService(sandbox, "/seller-service/seller/3/sellerNameExists/", {
      token,
      method: "POST",
      body: { sellerName: "Elbufer Küchenwelt GmbH" },
    });
    expect(posted).toMatchObject({ status: 200, body: { exists: true } });
    const empty = await callService(sandbox, "/seller-service/seller/3/sellerNameExists/", { token, method: "POST", body: { sellerName: " " } });
    expect(empty.status).toBe(400);
    expectErrorBody(empty.body, "VALIDATION_ERROR");
  });
});
