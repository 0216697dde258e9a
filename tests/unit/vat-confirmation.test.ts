import { describe, expect, it } from "vitest";
import {
  confirmationFromEvatr,
  confirmationFromVies,
  evatrRequestOf,
  evatrState,
  evatrStatuses,
  fieldResultOf,
  sameVatRequest,
  vatConfirmationBlocks,
  vatConfirmationRequestOf,
  vatServiceFor,
  viesRequestOf,
} from "#contract/vat-confirmation.ts";
import { setupProgress } from "#app/lib/setup-progress.ts";
import { inEvatrMaintenance } from "../../sandbox/vat-register.ts";

const requested = { vatId: "ATU87654321", name: "Alpenglanz Handels GmbH", street: "Kärntner Straße 12", postcode: "1010", town: "Wien" };
const at = new Date("2026-11-20T10:00:00Z");

describe("which service confirms a VAT id", () => {
  it("a German id at VIES (the BZSt refuses German ids: evatr-0006), another member state's at the BZSt, none outside the EU", () => {
    expect(vatServiceFor("DE")).toBe("VIES");
    expect(vatServiceFor("AT")).toBe("EVATR");
    expect(vatServiceFor("NL")).toBe("EVATR");
    expect(vatServiceFor("CH")).toBeNull();
  });
});

describe("the eVatR's answer read", () => {
  it("each result letter: A matches, B does not, C not requested, D not provided by the member state", () => {
    expect(["A", "B", "C", "D", undefined].map((letter) => fieldResultOf(letter as never))).toEqual([
      "MATCH",
      "NO_MATCH",
      "NOT_REQUESTED",
      "NOT_PROVIDED",
      "NOT_REQUESTED",
    ]);
  });

  it("each documented status code: valid, not valid (the id's fault), or to be confirmed (the service's or the marketplace's)", () => {
    const byState = (state: string) => Object.keys(evatrStatuses).filter((status) => evatrState(status) === state);
    expect(byState("CONFIRMED")).toEqual(["evatr-0000", "evatr-2008"]);
    expect(byState("NOT_VALID")).toEqual(["evatr-0005", "evatr-0012", "evatr-2001", "evatr-2002", "evatr-2003", "evatr-2006"]);
    expect(byState("TO_BE_CONFIRMED")).toEqual(
      expect.arrayContaining(["evatr-0002", "evatr-0004", "evatr-0006", "evatr-0011", "evatr-1001", "evatr-2004", "evatr-2005", "evatr-2007", "evatr-3011"]),
    );
    expect(evatrState("evatr-9999")).toBe("TO_BE_CONFIRMED");
  });

  it("valid with a name that differs: confirmed, the name no match, and it holds up the hand-over", () => {
    const confirmation = confirmationFromEvatr(
      { anfrageZeitpunkt: at.toISOString(), status: "evatr-0000", ergFirmenname: "B", ergStrasse: "A", ergPlz: "A", ergOrt: "D" },
      requested,
      at,
    );
    expect(confirmation).toMatchObject({
      service: "EVATR",
      state: "CONFIRMED",
      statusCode: "evatr-0000",
      fields: { name: "NO_MATCH", street: "MATCH", postcode: "MATCH", town: "NOT_PROVIDED" },
    });
    expect(vatConfirmationBlocks(confirmation)).toBe(true);
    expect(vatConfirmationBlocks({ ...confirmation, fields: { ...confirmation.fields, name: "MATCH" } })).toBe(false);
  });

  it("no longer valid: not valid, with the dates; down: to be confirmed, which holds up nothing", () => {
    const old = confirmationFromEvatr({ anfrageZeitpunkt: "x", status: "evatr-2006", gueltigAb: "2015-01-01", gueltigBis: "2024-12-31" }, requested, at);
    expect(old).toMatchObject({ state: "NOT_VALID", validFrom: "2015-01-01", validUntil: "2024-12-31" });
    expect(vatConfirmationBlocks(old)).toBe(true);
    const down = confirmationFromEvatr({ anfrageZeitpunkt: "x", status: "evatr-0011" }, requested, at);
    expect(down).toMatchObject({ state: "TO_BE_CONFIRMED", statusCode: "evatr-0011", checkedAt: at.toISOString() });
    expect(vatConfirmationBlocks(down)).toBe(false);
    expect(vatConfirmationBlocks(null)).toBe(false);
  });
});

describe("the VIES answer read", () => {
  const german = { ...requested, vatId: "DE123456788" };
  it("valid: confirmed, Germany gives no name or address; invalid: not valid; a failure: to be confirmed", () => {
    const valid = confirmationFromVies(
      { countryCode: "DE", vatNumber: "123456788", requestDate: at.toISOString(), valid: true, name: "---", address: "---" },
      german,
      at,
    );
    expect(valid).toMatchObject({ service: "VIES", state: "CONFIRMED", fields: { name: "NOT_PROVIDED", town: "NOT_PROVIDED" } });
    expect(vatConfirmationBlocks(valid)).toBe(false);
    expect(confirmationFromVies({ countryCode: "DE", vatNumber: "987654328", requestDate: "x", valid: false }, german, at).state).toBe("NOT_VALID");
    expect(confirmationFromVies({ actionSucceed: false, errorWrappers: [{ error: "MS_UNAVAILABLE" }] }, german, at)).toMatchObject({
      state: "TO_BE_CONFIRMED",
      statusCode: "MS_UNAVAILABLE",
    });
  });
});

describe("the request built from the saved values", () => {
  it("from the company-information step; each value goes as a JSON value of its own, an id of the wrong form is never sent", () => {
    const values = {
      legalName: 'Alpen "Glanz" GmbH\n',
      street: "Kärntner Straße",
      houseNumber: "12",
      postcode: "1010",
      city: "Wien",
      vatId: "atu 8765 4321",
      country: "AT",
    };
    const request = vatConfirmationRequestOf(values)!;
    expect(request).toEqual({ vatId: "ATU87654321", name: 'Alpen "Glanz" GmbH', street: "Kärntner Straße 12", postcode: "1010", town: "Wien" });
    expect(evatrRequestOf("DE111222339", request)).toEqual({
      anfragendeUstid: "DE111222339",
      angefragteUstid: "ATU87654321",
      firmenname: 'Alpen "Glanz" GmbH',
      ort: "Wien",
      plz: "1010",
      strasse: "Kärntner Straße 12",
    });
    expect(viesRequestOf({ ...request, vatId: "DE123456788" })).toEqual({ countryCode: "DE", vatNumber: "123456788" });
    expect(vatConfirmationRequestOf({ ...values, vatId: "AT U1234'; DROP" })).toBeNull();
    expect(() => evatrRequestOf("DE1", request)).toThrow();
    expect(sameVatRequest(request, { ...request })).toBe(true);
    expect(sameVatRequest(request, { ...request, name: "Other GmbH" })).toBe(false);
  });
});

describe("the hand-over requirement", () => {
  const facts = {
    state: "ONBOARDING" as const,
    steps: [],
    catalogue: [],
    files: [],
  };
  it("missing while the confirmation says no match or not valid, with a link to the step; not there when confirmed or to be confirmed", () => {
    const fields = { name: "NO_MATCH", street: "MATCH", postcode: "MATCH", town: "MATCH" } as const;
    const blocked = setupProgress({ ...facts, vatConfirmation: { state: "CONFIRMED", fields } });
    expect(blocked.missing.find((requirement) => requirement.id === "VAT_CONFIRMATION")).toEqual({
      id: "VAT_CONFIRMATION",
      area: "setup",
      status: "IN_PROGRESS",
      path: "/shop-setup/company-information#vat-confirmation",
    });
    const ids = (vatConfirmation: Parameters<typeof setupProgress>[0]["vatConfirmation"]) =>
      setupProgress({ ...facts, vatConfirmation }).requirements.map((requirement) => requirement.id);
    expect(ids({ state: "TO_BE_CONFIRMED", fields })).not.toContain("VAT_CONFIRMATION");
    expect(ids({ state: "CONFIRMED", fields: { ...fields, name: "MATCH" } })).not.toContain("VAT_CONFIRMATION");
    expect(ids({ state: "NOT_VALID", fields })).toContain("VAT_CONFIRMATION");
    expect(ids(null)).not.toContain("VAT_CONFIRMATION");
    // Handed over: every requirement was met at the time.
    expect(setupProgress({ ...facts, state: "ACTIVE", vatConfirmation: { state: "NOT_VALID", fields } }).missing).toEqual([]);
  });
});

describe("the sandbox eVatR's maintenance window", () => {
  it("down from 23:00 to 05:00 Berlin time, summer and winter", () => {
    expect(inEvatrMaintenance(new Date("2026-11-20T21:59:00Z"))).toBe(false); // 22:59 CET
    expect(inEvatrMaintenance(new Date("2026-11-20T22:00:00Z"))).toBe(true); // 23:00 CET
    expect(inEvatrMaintenance(new Date("2026-11-21T03:59:00Z"))).toBe(true); // 04:59 CET
    expect(inEvatrMaintenance(new Date("2026-11-21T04:00:00Z"))).toBe(false); // 05:00 CET
    expect(inEvatrMaintenance(new Date("2026-07-01T21:00:00Z"))).toBe(true); // 23:00 CEST
    expect(inEvatrMaintenance(new Date("2026-07-01T03:00:00Z"))).toBe(false); // 05:00 CEST
  });
});
