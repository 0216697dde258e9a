/**
 * What an ACTIVE seller changes in the sandbox: catalogue updates for the
 * catalogue team, and change requests of the company data (drafted,
 * confirmed by the seller, decided by the marketplace), with the
 * substitution rule of docs/product.md §11.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CatalogueFile } from "#contract/catalogue.ts";
import { CatalogueUpdates, IntegrationUpdate, IntegrationUpdates } from "#contract/catalogue-updates.ts";
import { CompanyChange } from "#contract/company-changes.ts";
import { SellerDetails, WarehouseValidation } from "#contract/home.ts";
import { StaffSellerOverview } from "#contract/staff-seller.ts";
import { sandboxKeys } from "#contract/upstream.ts";
import { callService, control, mintToken, startTestSandbox, type TestSandbox } from "./helpers.ts";

const SAMPLE_CSV = readFileSync(new URL("../../sandbox/samples/catalogue-sample.csv", import.meta.url));

let sandbox: TestSandbox;
let active: string;

beforeAll(async () => {
  sandbox = await startTestSandbox({ companyChangeDecisionSeconds: 3600 });
});
afterAll(async () => {
  await sandbox?.close();
});
beforeEach(async () => {
  await control(sandbox, "POST", "/reset");
  active = await mintToken(sandbox, "seller.active@example.com");
});

function upload(accessToken: string) {
  const form = new FormData();
  form.set("type", "CSV");
  form.set("file", new Blob([new Uint8Array(SAMPLE_CSV)]), "nordlicht-update.csv");
  return fetch(`${sandbox.url}/catalogue-upload/me/seller/file?apikey=${sandboxKeys.apiKey}`, {
    method: "POST",
    headers: { authorization: `Bearer ${accessToken}` },
    body: form,
  });
}

describe("catalogue updates of an active seller", () => {
  it("takes a new file as an open update, keeps the handed-over catalogue as it is, and sends the mapped update to the catalogue team", async () => {
    const updates = () =>
      callService(sandbox, "/catalogue-upload/me/seller/catalogue-updates", { token: active }).then((answer) => CatalogueUpdates.parse(answer.body));
    expect((await updates()).openFileIds).toEqual([]);
    // The handed-over file cannot change any more.
    const handedOver = await callService(sandbox, "/catalogue-upload/me/seller/file", {
      token: active,
      method: "DELETE",
      query: { fileId: "file-seller-active-nordlicht-katalog-2026-csv" },
    });
    expect(handedOver.status).toBe(409);

    const response = await upload(active);
    expect(response.status).toBe(201);
    const file = CatalogueFile.parse(await response.json());
    expect((await updates()).openFileIds).toEqual([file.id]);

    const unmapped = await callService(sandbox, "/catalogue-upload/me/seller/catalogue-updates", { token: active, method: "POST" });
    expect(unmapped.status).toBe(409);
    expect(unmapped.body.errorCode).toBe("MAPPING_INCOMPLETE");

    const mapped = await callService(sandbox, "/catalogue-upload/me/seller/file", {
      token: active,
      method: "PATCH",
      query: { fileId: file.id },
      body: { headerMapping: { EAN: "EAN", Kategorie: "PRODUCT_CATEGORY" } },
    });
    expect(mapped.status).toBe(200);
    const sent = await callService(sandbox, "/catalogue-upload/me/seller/catalogue-updates", { token: active, method: "POST" });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ status: "SUBMITTED", fileIds: [file.id] });
    const after = await updates();
    expect(after.openFileIds).toEqual([]);
    expect(after.updates.map((update) => update.id)).toEqual([sent.body.id]);

    // Sent, the file is part of the catalogue: no more changes; nothing open to send again.
    expect((await callService(sandbox, "/catalogue-upload/me/seller/file", { token: active, method: "DELETE", query: { fileId: file.id } })).status).toBe(409);
    expect((await callService(sandbox, "/catalogue-upload/me/seller/catalogue-updates", { token: active, method: "POST" })).body.errorCode).toBe(
      "NO_OPEN_FILES",
    );

    const tom = await mintToken(sandbox, "tom@example.com");
    const waiting = IntegrationUpdates.parse((await callService(sandbox, "/catalogue-upload/catalogue-integration/updates", { token: tom })).body);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({
      sellerId: "seller-active",
      sellerName: "Nordlicht Living GmbH",
      files: [{ id: file.id, headerMapping: { EAN: "EAN" } }],
    });
    expect((await callService(sandbox, "/catalogue-upload/catalogue-integration/updates", { token: active })).status).toBe(403);
  });

  it("sends no update for a seller that is not active", async () => {
    const token = await mintToken(sandbox, "seller.catalogue@example.com");
    expect((await callService(sandbox, "/catalogue-upload/me/seller/catalogue-updates", { token, method: "POST" })).body.errorCode).toBe("INVALID_STATE");
  });
});

/** An update sent by the active seller: one new file, mapped. */
async function sendUpdate(): Promise<{ fileId: string; updateId: string }> {
  const file = CatalogueFile.parse(await (await upload(active)).json());
  await callService(sandbox, "/catalogue-upload/me/seller/file", {
    token: active,
    method: "PATCH",
    query: { fileId: file.id },
    body: { headerMapping: { EAN: "EAN", Kategorie: "PRODUCT_CATEGORY" } },
  });
  const sent = await callService(sandbox, "/catalogue-upload/me/seller/catalogue-updates", { token: active, method: "POST" });
  expect(sent.status).toBe(201);
  return { fileId: file.id, updateId: sent.body.id };
}

describe("the catalogue team's decision on an update", () => {
  const team = (path: string, options: Parameters<typeof callService>[2] = {}) =>
    mintToken(sandbox, "tom@example.com").then((token) => callService(sandbox, `/catalogue-upload/catalogue-integration${path}`, { token, ...options }));
  const sellerUpdates = async () =>
    CatalogueUpdates.parse((await callService(sandbox, "/catalogue-upload/me/seller/catalogue-updates", { token: active })).body).updates;

  it("takes a waiting update into the live catalogue once: who and when recorded, the seller told, a second decision refused", async () => {
    const { updateId } = await sendUpdate();
    const processed = await team(`/updates/${updateId}/process`, { method: "POST" });
    expect(processed.status).toBe(200);
    const update = IntegrationUpdate.parse(processed.body);
    expect(update).toMatchObject({ id: updateId, status: "PROCESSED", sellerId: "seller-active", decidedBy: "tom@example.com", returned: null });
    expect(Date.parse(update.decidedAt!)).not.toBeNaN();

    expect(await sellerUpdates()).toMatchObject([{ id: updateId, status: "PROCESSED", decidedAt: update.decidedAt, returned: null }]);
    expect(IntegrationUpdates.parse((await team("/updates")).body)).toEqual([]);
    expect(IntegrationUpdate.parse((await team(`/updates/${updateId}`)).body).status).toBe("PROCESSED");

    // Decided is decided: neither taken in again nor returned, and nothing changes.
    const again = await team(`/updates/${updateId}/process`, { method: "POST" });
    expect(again.status).toBe(409);
    expect(again.body.errorCode).toBe("UPDATE_DECIDED");
    const returned = await team(`/updates/${updateId}/return`, { method: "POST", body: { reason: "The prices are missing in every row." } });
    expect(returned.status).toBe(409);
    expect(returned.body.errorCode).toBe("UPDATE_DECIDED");
    expect((await sellerUpdates())[0]).toMatchObject({ status: "PROCESSED", decidedAt: update.decidedAt });

    // Kept in the database across a restart.
    await sandbox.restart();
    active = await mintToken(sandbox, "seller.active@example.com");
    expect((await sellerUpdates())[0]).toMatchObject({ status: "PROCESSED", decidedAt: update.decidedAt });
  });

  it("returns a waiting update with the team's reasons, checked: the seller reads them, staff see them on the seller's overview", async () => {
    const { fileId, updateId } = await sendUpdate();
    for (const body of [{}, { reason: "" }, { reason: "   " }, { reason: "Too short" }]) {
      const refused = await team(`/updates/${updateId}/return`, { method: "POST", body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.errorCode).toBe("VALIDATION_ERROR");
    }
    const foreign = await team(`/updates/${updateId}/return`, {
      method: "POST",
      body: { reason: "The prices are missing in every row.", files: [{ fileId: "file-seller-active-nordlicht-katalog-2026-csv", reason: "Not this one." }] },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errorCode).toBe("FILE_NOT_FOUND");
    expect((await sellerUpdates())[0]?.status).toBe("SUBMITTED");

    const returned = await team(`/updates/${updateId}/return`, {
      method: "POST",
      body: { reason: "  The prices are missing in every row.  ", files: [{ fileId, reason: "Add a column with the gross price." }] },
    });
    expect(returned.status).toBe(200);
    const reasons = {
      reason: "The prices are missing in every row.",
      files: [{ fileId, fileName: "nordlicht-update.csv", reason: "Add a column with the gross price." }],
    };
    expect(IntegrationUpdate.parse(returned.body)).toMatchObject({ status: "RETURNED", decidedBy: "tom@example.com", returned: reasons });
    expect(await sellerUpdates()).toMatchObject([{ id: updateId, status: "RETURNED", returned: reasons }]);
    expect((await team(`/updates/${updateId}/process`, { method: "POST" })).status).toBe(409);

    const staff = await mintToken(sandbox, "success@example.com");
    const overview = StaffSellerOverview.parse((await callService(sandbox, "/onboarding/api-external/sellers/seller-active/overview", { token: staff })).body);
    expect(overview.updates).toMatchObject([{ id: updateId, status: "RETURNED", returned: reasons, files: [{ id: fileId }] }]);
    expect(IntegrationUpdates.parse((await team("/seller/seller-active/updates")).body).map((update) => update.id)).toEqual([updateId]);
  });

  it("knows no unknown update or seller, and is the catalogue team's alone", async () => {
    expect((await team("/updates/update-nothing")).status).toBe(404);
    for (const action of ["process", "return"]) {
      const answer = await team(`/updates/update-nothing/${action}`, { method: "POST", body: { reason: "The prices are missing in every row." } });
      expect(answer.status, action).toBe(404);
      expect(answer.body.errorCode).toBe("UPDATE_NOT_FOUND");
    }
    expect((await team("/seller/seller-nobody/updates")).body.errorCode).toBe("SELLER_NOT_FOUND");
    const { updateId } = await sendUpdate();
    const staff = await mintToken(sandbox, "admin@example.com");
    for (const token of [active, staff]) {
      const answer = await callService(sandbox, `/catalogue-upload/catalogue-integration/updates/${updateId}/process`, { token, method: "POST" });
      expect(answer.status).toBe(403);
    }
    expect((await sellerUpdates())[0]?.status).toBe("SUBMITTED");
  });
});

const bankAccount = { accountHolder: "Nordlicht Living GmbH", iban: "DE02 1203 0000 0000 2020 51", bic: "BYLADEM1001" };
const details = async (token = active) => SellerDetails.parse((await callService(sandbox, "/seller-service/v2/seller/seller-active", { token })).body);

describe("company data change requests", () => {
  it("a new bank account: a draft, then pending once the seller confirms it, on record once the marketplace does", async () => {
    const invalid = await callService(sandbox, "/seller-service/v2/seller/seller-active/changes/bank-account", {
      token: active,
      method: "POST",
      body: { ...bankAccount, iban: "DE02 1203 0000 0000 2020 52" },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toContainEqual({ fieldName: "iban", errorMessage: "The IBAN's check digits do not match (mod-97)" });

    const draft = CompanyChange.parse(
      (await callService(sandbox, "/seller-service/v2/seller/seller-active/changes/bank-account", { token: active, method: "POST", body: bankAccount })).body,
    );
    expect(draft).toMatchObject({ kind: "BANK_ACCOUNT", status: "DRAFT", values: { ibanMasked: "DE02 **** **** **** **20 51" } });
    expect(JSON.stringify(draft)).not.toContain("DE02120300000000202051");

    const submitted = await callService(sandbox, `/seller-service/v2/seller/seller-active/changes/${draft.id}/submit`, { token: active, method: "POST" });
    expect(submitted.body.status).toBe("PENDING");
    expect((await details()).bankAccount?.iban).toBe("DE89370400440532013000");
    // One change of the account at a time.
    const second = await callService(sandbox, "/seller-service/v2/seller/seller-active/changes/bank-account", {
      token: active,
      method: "POST",
      body: bankAccount,
    });
    expect(second.body.errorCode).toBe("CHANGE_PENDING");

    expect((await control(sandbox, "POST", "/company-changes/decide", { sellerId: "seller-active" })).body).toEqual({ decided: 1 });
    expect((await details()).bankAccount).toEqual({
      accountHolder: "Nordlicht Living GmbH",
      iban: "DE02120300000000202051",
      bic: "BYLADEM1001",
      bankName: null,
    });
  });

  it("a failed warehouse corrected: validation pending, then passed by the marketplace's rules", async () => {
    const validation = async () =>
      WarehouseValidation.parse(
        (
          await callService(sandbox, "/seller-service/v2/seller/lastValidation", {
            token: active,
            query: { sellerId: "seller-active", warehouseId: "wh-seller-active-2" },
          })
        ).body,
      );
    expect((await validation()).result).toBe("FAILED");
    const corrected = {
      name: "South warehouse Augsburg",
      street: "Derchinger Straße",
      houseNumber: "120",
      postcode: "86165",
      city: "Augsburg",
      country: "DE",
      contactPerson: "Mehmet Yilmaz",
      handlingTimeDays: 2,
      cutOffTime: "13:30",
    };
    const draft = await callService(sandbox, "/seller-service/v2/seller/seller-active/changes/warehouses/wh-seller-active-2", {
      token: active,
      method: "POST",
      body: corrected,
    });
    expect(draft.status).toBe(201);
    await callService(sandbox, `/seller-service/v2/seller/seller-active/changes/${draft.body.id}/submit`, { token: active, method: "POST" });
    expect((await validation()).result).toBe("PENDING");
    await control(sandbox, "POST", "/company-changes/decide", {});
    expect(await validation()).toMatchObject({ result: "PASSED", findings: [] });

    // Data that breaks the rules again fails again, with what is wrong.
    const late = await callService(sandbox, "/seller-service/v2/seller/seller-active/changes/warehouses/wh-seller-active-2", {
      token: active,
      method: "POST",
      body: { ...corrected, cutOffTime: "15:00" },
    });
    await callService(sandbox, `/seller-service/v2/seller/seller-active/changes/${late.body.id}/submit`, { token: active, method: "POST" });
    await control(sandbox, "POST", "/company-changes/decide", {});
    expect((await validation()).findings).toEqual([expect.stringContaining("15:00 is later than 14:00")]);
  });

  it("a new version of a legal document: PDF, JPEG or PNG only; on record with its bytes once confirmed", async () => {
    const send = (bytes: Uint8Array, documentKind = "TERMS") => {
      const form = new FormData();
      form.set("documentKind", documentKind);
      form.set("file", new Blob([new Uint8Array(bytes)]), "agb-2027.pdf");
      return fetch(`${sandbox.url}/seller-service/v2/seller/seller-active/changes/legal-documents?apikey=${sandboxKeys.apiKey}`, {
        method: "POST",
        headers: { authorization: `Bearer ${active}` },
        body: form,
      });
    };
    expect((await send(new TextEncoder().encode("MZ not a pdf"))).status).toBe(400);
    const pdf = new TextEncoder().encode("%PDF-1.4\n% new terms\n");
    const draft = CompanyChange.parse(await (await send(pdf)).json());
    await callService(sandbox, `/seller-service/v2/seller/seller-active/changes/${draft.id}/submit`, { token: active, method: "POST" });
    await control(sandbox, "POST", "/company-changes/decide", {});
    const terms = (await details()).legalDocuments.find((document) => document.kind === "TERMS")!;
    expect(terms).toMatchObject({ id: `doc-${draft.id}`, fileName: "agb-2027.pdf", size: pdf.byteLength });
    const content = await callService(sandbox, `/seller-service/v2/seller/seller-active/legal-documents/${terms.id}`, { token: active });
    expect(Buffer.from(content.body.contentBase64, "base64").toString()).toBe("%PDF-1.4\n% new terms\n");
  });

  it("a rejected change stays off the record, with the marketplace's reason", async () => {
    const draft = await callService(sandbox, "/seller-service/v2/seller/seller-active/changes/bank-account", {
      token: active,
      method: "POST",
      body: bankAccount,
    });
    await callService(sandbox, `/seller-service/v2/seller/seller-active/changes/${draft.body.id}/submit`, { token: active, method: "POST" });
    await control(sandbox, "POST", "/company-changes/decide", { decision: "REJECTED", reason: "The account holder does not match the company" });
    const change = await callService(sandbox, `/seller-service/v2/seller/seller-active/changes/${draft.body.id}`, { token: active });
    expect(change.body).toMatchObject({ status: "REJECTED", reason: "The account holder does not match the company" });
    expect((await details()).bankAccount?.iban).toBe("DE89370400440532013000");
  });

  it("is the seller administrator's: the viewer is refused, staff acting as the seller may not change the bank account or the contract", async () => {
    const viewer = await mintToken(sandbox, "viewer@example.com");
    expect(
      (await callService(sandbox, "/seller-service/v2/seller/seller-active/changes/bank-account", { token: viewer, method: "POST", body: bankAccount })).status,
    ).toBe(403);

    const admin = await mintToken(sandbox, "admin@example.com");
    await callService(sandbox, "/user-profile/me/user/substitute-into-seller-user", {
      token: admin,
      method: "POST",
      body: { userProfileId: "user-seller-active" },
    });
    const bank = await callService(sandbox, "/seller-service/v2/seller/seller-active/changes/bank-account", {
      token: admin,
      method: "POST",
      body: bankAccount,
    });
    expect(bank.body.errorCode).toBe("SUBSTITUTION_FORBIDDEN");
    // Other company data: staff may help.
    const warehouse = await callService(sandbox, "/seller-service/v2/seller/seller-active/changes/warehouses/wh-seller-active-1", {
      token: admin,
      method: "POST",
      body: {
        name: "Central warehouse Hamburg",
        street: "Am Moldauhafen",
        houseNumber: "14",
        postcode: "20457",
        city: "Hamburg",
        country: "DE",
        contactPerson: "Jana Petersen",
        handlingTimeDays: 1,
        cutOffTime: "13:00",
      },
    });
    expect(warehouse.status).toBe(201);
    // A draft of the bank account the seller made: staff may not send it either.
    const sellersDraft = await callService(sandbox, "/seller-service/v2/seller/seller-active/changes/bank-account", {
      token: active,
      method: "POST",
      body: bankAccount,
    });
    const submit = await callService(sandbox, `/seller-service/v2/seller/seller-active/changes/${sellersDraft.body.id}/submit`, {
      token: admin,
      method: "POST",
    });
    expect(submit.body.errorCode).toBe("SUBSTITUTION_FORBIDDEN");
  });

  it("decides a confirmed change by itself once it has waited the delay", async () => {
    const quick = await startTestSandbox({ companyChangeDecisionSeconds: 0 });
    try {
      const token = await mintToken(quick, "seller.active@example.com");
      const draft = await callService(quick, "/seller-service/v2/seller/seller-active/changes/bank-account", { token, method: "POST", body: bankAccount });
      await callService(quick, `/seller-service/v2/seller/seller-active/changes/${draft.body.id}/submit`, { token, method: "POST" });
      const change = await callService(quick, `/seller-service/v2/seller/seller-active/changes/${draft.body.id}`, { token });
      expect(change.body.status).toBe("CONFIRMED");
    } finally {
      await quick.close();
    }
  });
});
