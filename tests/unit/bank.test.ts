/**
 * A German IBAN names its bank: name and BIC from the Bundesbank's bank code
 * list (the bankdata-germany package), for the live fill-in and for the
 * server's fill-in of an empty BIC without JavaScript.
 */
import { describe, expect, it } from "vitest";
import { bankOfIban, fillBicFromIban } from "#app/services/onboarding/bank.server.ts";

describe("the bank of an IBAN", () => {
  it.each([
    ["DE89 3704 0044 0532 0130 00", "Commerzbank", "COBADEFFXXX"],
    ["DE02120300000000202051", "Deutsche Kreditbank Berlin", "BYLADEM1001"],
    ["de02 5001 0517 0137 0750 30", "ING-DiBa", "INGDDEFFXXX"],
    ["DE02100100100006820101", "Postbank Ndl der Deutsche Bank", "PBNKDEFFXXX"],
  ])("%s is at %s (%s)", (iban, bankName, bic) => {
    expect(bankOfIban(iban)).toEqual({ bankName, bic });
  });

  it.each([
    ["an IBAN of another country", "AT61 1904 3002 3457 3201"],
    ["an IBAN with a typo", "DE89 3704 0044 0532 0130 01"],
    ["a bank code no bank has", "DE22 0000 0000 1234 5678 90"],
    ["no IBAN at all", "hello"],
  ])("%s has none", (_what, iban) => {
    expect(bankOfIban(iban)).toBeNull();
  });
});

describe("the server's fill-in of an empty BIC", () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.set(name, value);
    return data;
  };

  it("fills an empty BIC from a German IBAN and says which bank", () => {
    const data = form({ iban: "DE89 3704 0044 0532 0130 00", bic: "" });
    expect(fillBicFromIban(data)).toEqual({ bankName: "Commerzbank", bic: "COBADEFFXXX" });
    expect(data.get("bic")).toBe("COBADEFFXXX");
  });

  it("never replaces a BIC the seller typed, and leaves a foreign IBAN's BIC to the seller", () => {
    const typed = form({ iban: "DE89 3704 0044 0532 0130 00", bic: "DEUTDEFFXXX" });
    expect(fillBicFromIban(typed)).toBeNull();
    expect(typed.get("bic")).toBe("DEUTDEFFXXX");
    const foreign = form({ iban: "AT61 1904 3002 3457 3201", bic: "" });
    expect(fillBicFromIban(foreign)).toBeNull();
    expect(foreign.get("bic")).toBe("");
  });
});
