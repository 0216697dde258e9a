import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sandboxMarketplaceVatId, sandboxServicePrefixes } from "#contract/upstream.ts";
import { vatRegisterCompanies } from "../support/onboarding-fixtures";
import { callService, control, mintToken, startTestSandbox, type TestSandbox } from "./helpers.ts";

/** The sandbox's VAT id confirmation: the BZSt's eVatR and the EU's VIES over the seeded register, the confirmation kept with the seller, and the marketplace's retry job. */
describe("VAT id confirmation (sandbox)", () => {
  let sandbox: TestSandbox;
  let token: string;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
    token = await mintToken(sandbox, "seller.new@example.com");
  });
  afterAll(() => sandbox.close());
  beforeEach(() => control(sandbox, "POST", "/vat-services", { evatr: "up", vies: "up" }));

  const evatr = (body: Record<string, unknown>) =>
    callService(sandbox, `${sandboxServicePrefixes.vatConfirmation}/app/v1/abfrage`, { method: "POST", apikey: null, body });
  const vies = (body: Record<string, unknown>) =>
    callService(sandbox, `${sandboxServicePrefixes.vies}/check-vat-number`, { method: "POST", apikey: null, body });
  const ask = (angefragteUstid: string, extra: Record<string, string> = {}) => evatr({ anfragendeUstid: sandboxMarketplaceVatId, angefragteUstid, ...extra });

  it("each seeded company: valid and matching, valid with another name, not assigned, no longer and not yet valid", async () => {
    const austrian = await ask("ATU12345675", { firmenname: "Alpenglanz Handels GmbH", strasse: "Kärntner Str. 12", plz: "1010", ort: "Wien" });
    expect(austrian).toMatchObject({ status: 200, body: { status: "evatr-0000", ergFirmenname: "A", ergStrasse: "A", ergPlz: "A", ergOrt: "A" } });
    const dutch = await ask("NL123456789B01", { firmenname: "Tulpenhof B.V.", ort: "Amsterdam" });
    expect(dutch.body).toMatchObject({ status: "evatr-0000", ergFirmenname: "A", ergOrt: "A", ergPlz: "C", ergStrasse: "C" });
    const otherName = await ask("ATU87654321", { firmenname: "Alpenglanz Handels GmbH", ort: "Salzburg" });
    expect(otherName.body).toMatchObject({ status: "evatr-0000", ergFirmenname: "B", ergOrt: "A" });
    expect(await ask("ATU99999999")).toMatchObject({ status: 404, body: { status: "evatr-2001" } });
    expect(await ask("ATU11111111")).toMatchObject({ status: 200, body: { status: "evatr-2006", gueltigAb: "2015-01-01", gueltigBis: "2024-12-31" } });
    expect(await ask("ATU22222222")).toMatchObject({ status: 200, body: { status: "evatr-2002", gueltigAb: "2027-01-01" } });
  });

  it("the eVatR's refusals: a German id (0006), a malformed requester (0004) or id (0005), an empty field (0002), a country outside the EU (2003)", async () => {
    expect(await ask("DE123456788")).toMatchObject({ status: 403, body: { status: "evatr-0006" } });
    expect(await evatr({ anfragendeUstid: "DE12", angefragteUstid: "ATU12345675" })).toMatchObject({ status: 400, body: { status: "evatr-0004" } });
    expect(await ask("AT'; --")).toMatchObject({ status: 400, body: { status: "evatr-0005" } });
    expect(await evatr({ anfragendeUstid: sandboxMarketplaceVatId })).toMatchObject({ status: 400, body: { status: "evatr-0002" } });
    expect(await ask("CHE123456789")).toMatchObject({ status: 400, body: { status: "evatr-2003" } });
  });

  it("VIES for German ids: valid without name or address, or invalid; down answers MS_UNAVAILABLE", async () => {
    expect((await vies({ countryCode: "DE", vatNumber: "123456788" })).body).toMatchObject({ valid: true, name: "---", address: "---" });
    expect((await vies({ countryCode: "DE", vatNumber: "987654328" })).body).toMatchObject({ valid: false });
    expect(await vies({ countryCode: "DE", vatNumber: "12 3" })).toMatchObject({
      status: 400,
      body: { actionSucceed: false, errorWrappers: [{ error: "INVALID_INPUT" }] },
    });
    await control(sandbox, "POST", "/vat-services", { vies: "down" });
    expect(await vies({ countryCode: "DE", vatNumber: "123456788" })).toMatchObject({ status: 503, body: { errorWrappers: [{ error: "MS_UNAVAILABLE" }] } });
  });

  it("down on demand (and at night by its schedule): evatr-0011 with 503; the control endpoint refuses other modes", async () => {
    expect((await control(sandbox, "POST", "/vat-services", { evatr: "down" })).body).toEqual({ evatr: "down", vies: "up" });
    expect(await ask("ATU12345675")).toMatchObject({ status: 503, body: { status: "evatr-0011" } });
    expect((await control(sandbox, "POST", "/vat-services", { evatr: "sometimes" })).status).toBe(400);
  });

  it("a saved company-information step is to be confirmed; the confirmation the portal keeps shows in the step, the progress and for staff", async () => {
    const company = vatRegisterCompanies.alpenglanz;
    const saved = await callService(sandbox, "/onboarding/me/seller/onboarding/steps/company-information", { token, method: "PUT", body: company });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.vatConfirmation).toMatchObject({
      service: "EVATR",
      state: "TO_BE_CONFIRMED",
      requested: { vatId: "ATU12345675", street: "Kärntner Straße 12" },
    });

    const kept = await callService(sandbox, "/onboarding/me/seller/vat-confirmation", {
      token,
      method: "PUT",
      body: {
        ...saved.body.vatConfirmation,
        state: "CONFIRMED",
        checkedAt: "2026-11-20T10:00:00.000Z",
        statusCode: "evatr-0000",
        fields: { name: "NO_MATCH", street: "MATCH", postcode: "MATCH", town: "MATCH" },
      },
    });
    expect(kept.status).toBe(200);
    expect((await callService(sandbox, "/onboarding/me/seller/onboarding", { token })).body.vatConfirmation).toEqual({
      state: "CONFIRMED",
      fields: { name: "NO_MATCH", street: "MATCH", postcode: "MATCH", town: "MATCH" },
    });
    // The service refuses the hand-over while a detail does not match.
    const handOver = await callService(sandbox, "/onboarding/me/seller/finish-upload", { token, method: "POST" });
    expect(handOver.status).toBe(409);
    expect(handOver.body.errors).toContainEqual({ fieldName: "VAT_CONFIRMATION", errorMessage: "the VAT id is not confirmed as given" });
    const staff = await mintToken(sandbox, "admin@example.com");
    const overview = await callService(sandbox, "/onboarding/api-external/sellers/seller-new/overview", { token: staff });
    expect(overview.body.vatConfirmation).toMatchObject({ state: "CONFIRMED", statusCode: "evatr-0000" });
    expect((await callService(sandbox, "/onboarding/me/seller/vat-confirmation", { token, method: "PUT", body: { state: "CONFIRMED" } })).status).toBe(400);

    // Saved again unchanged: the confirmation stands; with another name: to be confirmed again.
    await callService(sandbox, "/onboarding/me/seller/onboarding/steps/company-information", { token, method: "PUT", body: company });
    expect((await callService(sandbox, "/onboarding/me/seller/vat-confirmation", { token })).body.state).toBe("CONFIRMED");
    const renamed = await callService(sandbox, "/onboarding/me/seller/onboarding/steps/company-information", {
      token,
      method: "PUT",
      body: { ...company, vatId: "ATU87654321" },
    });
    expect(renamed.body.vatConfirmation.state).toBe("TO_BE_CONFIRMED");
  });

  it("the marketplace's retry job: nothing while the service is down, the answer kept once it is up", async () => {
    await control(sandbox, "POST", "/vat-services", { evatr: "down" });
    expect((await control(sandbox, "POST", "/vat-confirmations/retry", {})).body).toEqual({ asked: 0, settled: 0 });
    await control(sandbox, "POST", "/vat-services", { evatr: "up" });
    expect((await control(sandbox, "POST", "/vat-confirmations/retry", { sellerId: "seller-new" })).body).toEqual({ asked: 1, settled: 1 });
    const confirmation = (await callService(sandbox, "/onboarding/me/seller/vat-confirmation", { token })).body;
    // ATU87654321 is registered to another company: valid, the name does not match.
    expect(confirmation).toMatchObject({ state: "CONFIRMED", statusCode: "evatr-0000", fields: { name: "NO_MATCH", town: "NO_MATCH" } });
    expect((await control(sandbox, "POST", "/vat-confirmations/retry", {})).body).toEqual({ asked: 0, settled: 0 });
  });
});
