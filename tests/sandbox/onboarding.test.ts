/** The sandbox's onboarding contract: steps, validation of its own, documents, completion and the hand-over. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DocumentList, OnboardingProgress, stepNames, StepView } from "#contract/onboarding.ts";
import { UpstreamErrorBody } from "#contract/upstream.ts";
import { openDatabase, type Database } from "../../sandbox/db.ts";
import { insertCatalogueFile } from "../../sandbox/repository.ts";
import { completeShopSetup, samplePdf } from "../../sandbox/seed-onboarding.ts";
import { callService, control, mintToken, startTestSandbox, type TestSandbox } from "./helpers.ts";

let sandbox: TestSandbox;
let db: Database;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  // A second connection to the sandbox's file: tests write finished sellers through the sandbox's own helpers.
  db = openDatabase(sandbox.dbPath);
});
afterAll(async () => {
  db?.close();
  await sandbox?.close();
});

const STEPS = "/onboarding/me/seller/onboarding/steps";

async function upload(token: string, kind: string, bytes: Uint8Array<ArrayBuffer>, name = "file.pdf") {
  const form = new FormData();
  form.set("kind", kind);
  form.set("file", new File([bytes], name));
  const response = await fetch(`${sandbox.url}/onboarding/me/seller/onboarding/documents?apikey=sandbox-api-key`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: await response.json() };
}

describe("shop-setup steps", () => {
  it("starts with every step not started", async () => {
    const token = await mintToken(sandbox, "seller.new@example.com");
    const { status, body } = await callService(sandbox, "/onboarding/me/seller/onboarding", { token });
    expect(status).toBe(200);
    expect(OnboardingProgress.parse(body).steps).toEqual(stepNames.map((step) => ({ step, status: "NOT_STARTED", updatedAt: null })));
  });

  it("validates on its own, answering with fieldName and errorMessage, and changes nothing", async () => {
    const token = await mintToken(sandbox, "seller.new@example.com");
    const { status, body } = await callService(sandbox, `${STEPS}/bank-account`, {
      token,
      method: "PUT",
      body: { accountHolder: "X", iban: "DE89370400440532013001", bic: "nope" },
    });
    expect(status).toBe(400);
    const error = UpstreamErrorBody.parse(body);
    expect(error.errorCode).toBe("VALIDATION_ERROR");
    expect(error.errors).toEqual([
      { fieldName: "iban", errorMessage: "The IBAN's check digits do not match (mod-97)" },
      { fieldName: "bic", errorMessage: "Not a valid BIC (8 or 11 characters)" },
    ]);
    expect((await callService(sandbox, "/onboarding/me/seller/state", { token })).body).toEqual({ state: "REGISTERED" });
  });

  it("saves a step, moves a REGISTERED seller to ONBOARDING, and shows the IBAN only masked", async () => {
    const token = await mintToken(sandbox, "seller.new@example.com");
    const { status, body } = await callService(sandbox, `${STEPS}/bank-account`, {
      token,
      method: "PUT",
      body: { accountHolder: "Frischer Wind Handel UG", iban: "de89 3704 0044 0532 0130 00", bic: "cobadeffxxx" },
    });
    expect(status).toBe(200);
    const view = StepView.parse(body);
    expect(view).toMatchObject({
      status: "COMPLETE",
      ibanMasked: "DE89 •••• •••• •••• ••30 00",
      values: { accountHolder: "Frischer Wind Handel UG", bic: "COBADEFFXXX" },
    });
    expect(JSON.stringify(view)).not.toContain("0532");
    expect((await callService(sandbox, "/onboarding/me/seller/state", { token })).body).toEqual({ state: "ONBOARDING" });
  });

  it("checks the representatives against the saved legal form, never one the caller sends", async () => {
    const token = await mintToken(sandbox, "seller.new@example.com");
    const person = { firstName: "Mia", lastName: "Neumann", dateOfBirth: "1988-02-29", role: "OWNER" };
    const before = await callService(sandbox, `${STEPS}/company-type-representatives`, {
      token,
      method: "PUT",
      body: { legalForm: "SOLE_PROPRIETOR", representatives: [person] },
    });
    expect(before.status).toBe(400);
    expect(before.body.errors).toEqual([
      { fieldName: "legalForm", errorMessage: "Save the company information first: the legal form decides who must be named" },
    ]);
    const company = await callService(sandbox, `${STEPS}/company-information`, {
      token,
      method: "PUT",
      body: {
        legalName: "Frischer Wind Handel UG",
        legalForm: "UG",
        street: "Torstraße",
        houseNumber: "5",
        postcode: "10119",
        city: "Berlin",
        country: "DE",
        vatId: "DE136695976",
        registerCourt: "AG Charlottenburg",
        registerNumber: "HRB 223344",
        sellsElectrical: "no",
        sellsBatteries: "no",
        packagingRegistration: "DE6021987654321",
      },
    });
    expect(company.status).toBe(200);
    const owner = await callService(sandbox, `${STEPS}/company-type-representatives`, { token, method: "PUT", body: { representatives: [person] } });
    expect(owner.body.errors).toEqual([
      { fieldName: "representatives.0.role", errorMessage: "This role does not exist in this legal form" },
      { fieldName: "representatives", errorMessage: "At least one managing director must be named" },
    ]);
  });

  it("keeps shop names unique across sellers' names and shop names", async () => {
    const token = await mintToken(sandbox, "seller.new@example.com");
    const account = { contactEmail: "a@example.com", contactPhone: "+49301234567", customerServiceEmail: "s@example.com" };
    const taken = await callService(sandbox, `${STEPS}/account-information`, { token, method: "PUT", body: { ...account, shopName: "hafenkontor" } });
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toEqual([{ fieldName: "shopName", errorMessage: "This shop name is taken already" }]);
    expect((await callService(sandbox, `${STEPS}/account-information`, { token, method: "PUT", body: { ...account, shopName: "Frischer Wind" } })).status).toBe(
      200,
    );
    const bd = await mintToken(sandbox, "bd@example.com");
    const exists = await callService(sandbox, "/seller-service/v2/seller/sellerNameExists/FRISCHER%20WIND", { token: bd });
    expect(exists.body).toEqual({ exists: true });
  });

  it("lets sessions of one seller save a new shop name at the same moment, and counts it as taken for others only", async () => {
    const [first, second] = await Promise.all([mintToken(sandbox, "seller.new@example.com"), mintToken(sandbox, "seller.new@example.com")]);
    const account = { contactEmail: "a@example.com", contactPhone: "+49301234567", customerServiceEmail: "s@example.com", shopName: "Morgenrot Laden" };
    const nameExists = (token: string, name: string) =>
      callService(sandbox, `/seller-service/v2/seller/sellerNameExists/${encodeURIComponent(name)}`, { token }).then((answer) => answer.body);
    // The portal's save: is the name free, then the step. Here one session's save lands between the other's two calls.
    expect(await nameExists(second, "Morgenrot Laden")).toEqual({ exists: false });
    expect((await callService(sandbox, `${STEPS}/account-information`, { token: first, method: "PUT", body: account })).status).toBe(200);
    expect(await nameExists(second, " morgenrot laden ")).toEqual({ exists: false });
    expect((await callService(sandbox, `${STEPS}/account-information`, { token: second, method: "PUT", body: account })).status).toBe(200);
    // The seller's own company name is its own to use as well.
    expect(await nameExists(first, "Frischer Wind Handel UG")).toEqual({ exists: false });

    const renamed = { ...account, shopName: "Abendrot Laden" };
    const saves = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        callService(sandbox, `${STEPS}/account-information`, { token: index % 2 ? first : second, method: "PUT", body: renamed }),
      ),
    );
    expect(saves.map((save) => save.status)).toEqual(Array(12).fill(200));

    const other = await mintToken(sandbox, "seller.catalogue@example.com");
    expect(await nameExists(other, "Abendrot Laden")).toEqual({ exists: true });
    expect(await nameExists(await mintToken(sandbox, "bd@example.com"), "abendrot laden")).toEqual({ exists: true });
    expect((await callService(sandbox, `${STEPS}/account-information`, { token: other, method: "PUT", body: renamed })).status).toBe(409);
  });

  it("refuses changes after the hand-over", async () => {
    const token = await mintToken(sandbox, "seller.submitted@example.com");
    const { status, body } = await callService(sandbox, `${STEPS}/contract`, { token, method: "PUT", body: { signerName: "X", accepted: true } });
    expect(status).toBe(409);
    expect(body.errorCode).toBe("INVALID_STATE");
  });

  it("refuses bank account and contract changes by staff acting as the seller", async () => {
    const token = await mintToken(sandbox, "admin@example.com");
    await callService(sandbox, "/user-profile/me/user/substitute-into-seller-user", { token, method: "POST", body: { userProfileId: "user-alpenglueck" } });
    try {
      const bank = await callService(sandbox, `${STEPS}/bank-account`, {
        token,
        method: "PUT",
        body: { accountHolder: "X", iban: "DE89370400440532013000", bic: "COBADEFFXXX" },
      });
      expect(bank.status).toBe(403);
      expect(bank.body.errorCode).toBe("SUBSTITUTION_FORBIDDEN");
      const contract = await callService(sandbox, `${STEPS}/contract`, { token, method: "PUT", body: { signerName: "X", accepted: true } });
      expect(contract.status).toBe(403);
    } finally {
      await callService(sandbox, "/user-profile/me/user/remove-substitution", { token, method: "DELETE" });
    }
  });
});

describe("documents", () => {
  it("stores a document checked by its first bytes, lists, serves and deletes it", async () => {
    const token = await mintToken(sandbox, "seller.new@example.com");
    const refused = await upload(token, "VAT_CERTIFICATE", new TextEncoder().encode("MZ not a pdf"), "ust.pdf");
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ fieldName: "file", errorMessage: "Only PDF, JPEG and PNG files are accepted" }]);
    const large = new Uint8Array(5 * 1024 * 1024 + 1);
    large.set(samplePdf);
    expect((await upload(token, "VAT_CERTIFICATE", large)).status).toBe(400);

    const stored = await upload(token, "VAT_CERTIFICATE", samplePdf, "ust.pdf");
    expect(stored.status).toBe(201);
    expect(stored.body).toMatchObject({ kind: "VAT_CERTIFICATE", fileName: "ust.pdf", contentType: "application/pdf", size: samplePdf.byteLength });
    const list = DocumentList.parse((await callService(sandbox, "/onboarding/me/seller/onboarding/documents", { token })).body);
    expect(list.documents.map((document) => document.id)).toContain(stored.body.id);
    // The saved legal form (UG, above) is in the register: the extract is required.
    expect(list.requiredKinds).toEqual(["TRADE_REGISTER_EXTRACT", "BUSINESS_REGISTRATION", "VAT_CERTIFICATE"]);

    const content = await fetch(`${sandbox.url}/onboarding/me/seller/onboarding/documents/${stored.body.id}/content?apikey=sandbox-api-key`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(content.headers.get("content-type")).toBe("application/pdf");
    expect(new Uint8Array(await content.arrayBuffer())).toEqual(samplePdf);
    const progress = OnboardingProgress.parse((await callService(sandbox, "/onboarding/me/seller/onboarding", { token })).body);
    expect(progress.steps.find((step) => step.step === "documents")?.status).toBe("IN_PROGRESS");

    expect((await callService(sandbox, `/onboarding/me/seller/onboarding/documents/${stored.body.id}`, { token, method: "DELETE" })).status).toBe(204);
    expect((await callService(sandbox, "/onboarding/me/seller/onboarding/documents", { token })).body.documents).toEqual([]);
  });
});

describe("finishing the upload needs the shop setup", () => {
  it("names the missing shop-setup steps", async () => {
    const token = await mintToken(sandbox, "owner@alpenglueck-deko.example.com");
    const { status, body } = await callService(sandbox, "/onboarding/me/seller/finish-upload", { token, method: "POST" });
    expect(status).toBe(409);
    expect(UpstreamErrorBody.parse(body).errors?.map((error) => error.fieldName)).toEqual([...stepNames, "UPLOAD_SETTINGS", "FILE_UPLOAD"]);
  });

  it("hands over a seller with every step and the catalogue complete", async () => {
    completeShopSetup(db, "seller-registered-2", {
      shopName: "Alpenglück",
      legalName: "Alpenglück Deko e.K.",
      city: "Füssen",
      postcode: "87629",
      registerNumber: "HRB 12",
      vatId: "DE136695976",
    });
    db.prepare("UPDATE sellers SET upload_type = 'DIRECT' WHERE id = 'seller-registered-2'").run();
    insertCatalogueFile(db, {
      sellerId: "seller-registered-2",
      fileName: "alpen.csv",
      size: 10,
      contentType: "text/csv",
      headerMapping: { EAN: "EAN", Kat: "PRODUCT_CATEGORY" },
    });
    const token = await mintToken(sandbox, "owner@alpenglueck-deko.example.com");
    const { status, body } = await callService(sandbox, "/onboarding/me/seller/finish-upload", { token, method: "POST" });
    expect(status).toBe(200);
    expect(body).toEqual({ state: "CATALOGUE_DATA_SUBMITTED" });
    await control(sandbox, "POST", "/reset");
  });
});
