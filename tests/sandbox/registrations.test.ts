import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sandboxServicePrefixes } from "#contract/upstream.ts";
import { validSteps, stepBody } from "../support/onboarding-fixtures";
import { callService, control, mintToken, startTestSandbox, type TestSandbox } from "./helpers.ts";

/**
 * The sandbox's producer registers: each result code of the lookup over the
 * seeded registrations, the results kept with the seller, and the
 * marketplace's retry job.
 */
describe("producer registers (sandbox)", () => {
  let sandbox: TestSandbox;
  let token: string;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
    token = await mintToken(sandbox, "seller.new@example.com");
  });
  afterAll(() => sandbox.close());
  beforeEach(() => control(sandbox, "POST", "/producer-register", { mode: "up" }));

  const lookup = (kind: string, number: string) =>
    callService(sandbox, `${sandboxServicePrefixes.producerRegister}/registrations/${kind}/${encodeURIComponent(number)}`, { apikey: null });

  it("answers each result with its HTTP status: registered (holder), deregistered (date), not found, unavailable", async () => {
    expect(await lookup("WEEE", "DE43219876")).toMatchObject({
      status: 200,
      body: { kind: "WEEE", status: "REGISTERED", holder: { name: "Spreewald Leuchten GmbH" }, registeredOn: "2016-05-17" },
    });
    expect(await lookup("PACKAGING", "DE4719283746501")).toMatchObject({
      status: 200,
      body: { status: "REGISTERED", holder: { name: "Kistenwerk Verpackungen GmbH" } },
    });
    expect(await lookup("BATTERY", "DE55500022")).toMatchObject({ status: 200, body: { status: "DEREGISTERED", deregisteredOn: "2025-10-06" } });
    expect(await lookup("WEEE", "DE00000000")).toMatchObject({ status: 404, body: { status: "NOT_FOUND", holder: null } });
    // Malformed, another kind's form, or an unknown kind: not found, never an error of the service.
    expect(await lookup("WEEE", "DE1234567890123")).toMatchObject({ status: 404, body: { status: "NOT_FOUND" } });
    expect(await lookup("WEEE", "'; DROP TABLE x; --")).toMatchObject({ status: 404, body: { status: "NOT_FOUND" } });
    expect(await lookup("NUCLEAR", "DE12345678")).toMatchObject({ status: 404 });
    // A well-formed number nobody gave.
    expect(await lookup("PACKAGING", "DE9999999999999")).toMatchObject({ status: 404, body: { status: "NOT_FOUND" } });

    expect((await control(sandbox, "POST", "/producer-register", { mode: "down" })).body).toEqual({ mode: "down" });
    expect(await lookup("WEEE", "DE43219876")).toMatchObject({ status: 503, body: { status: "UNAVAILABLE" } });
    expect((await control(sandbox, "POST", "/producer-register", { mode: "sometimes" })).status).toBe(400);
  });

  it("a saved step's numbers are to be confirmed; the portal's answers are kept for the saved numbers only; the job settles the rest", async () => {
    const company = { ...stepBody(validSteps["company-information"]), sellsElectrical: "yes", weeeRegistration: "DE11223344" };
    const saved = await callService(sandbox, "/onboarding/me/seller/onboarding/steps/company-information", { token, method: "PUT", body: company });
    expect(saved.status).toBe(200);
    expect(saved.body.registrationConfirmations.map((entry: { kind: string; result: string }) => `${entry.kind}:${entry.result}`)).toEqual([
      "PACKAGING:TO_BE_CONFIRMED",
      "WEEE:TO_BE_CONFIRMED",
    ]);
    // The number the seller gave is now held by them (the sandbox takes their word for an unseeded number).
    expect(await lookup("PACKAGING", "DE6021987654321")).toMatchObject({ status: 200, body: { holder: { name: "Frischer Wind Handel UG" } } });

    const at = new Date().toISOString();
    const put = await callService(sandbox, "/onboarding/me/seller/registration-confirmations", {
      token,
      method: "PUT",
      body: {
        confirmations: [
          {
            kind: "PACKAGING",
            registrationNumber: "DE6021987654321",
            companyName: "Frischer Wind Handel UG",
            result: "MATCH",
            holderName: "Frischer Wind Handel UG",
            deregisteredOn: null,
            checkedAt: at,
          },
          // Not the saved number: not kept.
          {
            kind: "WEEE",
            registrationNumber: "DE43219876",
            companyName: "Frischer Wind Handel UG",
            result: "MATCH",
            holderName: null,
            deregisteredOn: null,
            checkedAt: at,
          },
        ],
      },
    });
    expect(put.status).toBe(200);
    expect(put.body.confirmations.map((entry: { result: string }) => entry.result)).toEqual(["MATCH", "TO_BE_CONFIRMED"]);

    const progress = await callService(sandbox, "/onboarding/me/seller/onboarding", { token });
    expect(progress.body.registrationConfirmations).toEqual([
      { kind: "PACKAGING", result: "MATCH" },
      { kind: "WEEE", result: "TO_BE_CONFIRMED" },
    ]);

    expect((await control(sandbox, "POST", "/registration-confirmations/retry", {})).body).toEqual({ asked: 1, settled: 1 });
    const after = await callService(sandbox, "/onboarding/me/seller/registration-confirmations", { token });
    // Lichtblick Elektro GmbH holds DE11223344.
    expect(after.body.confirmations[1]).toMatchObject({ kind: "WEEE", result: "OTHER_HOLDER", holderName: "Lichtblick Elektro GmbH" });
  });
});
