/**
 * The sandbox's address service: real German postcodes and their towns
 * (OpenStreetMap data), a street checked for its form, other countries not
 * covered; no token and no key.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AddressCheck, PostcodeTowns } from "#contract/address.ts";
import { startTestSandbox, type TestSandbox } from "./helpers";

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox({ reset: true });
});
afterAll(() => sandbox.close());

const towns = async (country: string, postcode: string) =>
  PostcodeTowns.parse(await (await fetch(`${sandbox.url}/address/postcodes?country=${country}&postcode=${postcode}`)).json());

const check = async (address: Record<string, string>) => {
  const response = await fetch(`${sandbox.url}/address/addresses/check`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ country: "DE", houseNumber: "1", ...address }),
  });
  return { status: response.status, body: await response.json() };
};

describe("towns at a postcode", () => {
  it("knows German postcodes, with one town or several", async () => {
    expect(await towns("DE", "79098")).toMatchObject({ covered: true, known: true, towns: ["Freiburg im Breisgau"] });
    expect((await towns("DE", "14641")).towns).toEqual(expect.arrayContaining(["Nauen", "Wustermark"]));
  });

  it("knows that a German postcode does not exist, and covers no other country", async () => {
    expect(await towns("DE", "99999")).toMatchObject({ covered: true, known: false, towns: [] });
    expect(await towns("AT", "1010")).toMatchObject({ covered: false, known: false });
  });

  it("answers 400 without a country or postcode", async () => {
    expect((await fetch(`${sandbox.url}/address/postcodes?postcode=79098`)).status).toBe(400);
  });
});

describe("checking an address", () => {
  it("passes a good address, a town written shorter included", async () => {
    for (const city of ["Freiburg im Breisgau", "freiburg", "FREIBURG IM BREISGAU"]) {
      const { body } = await check({ postcode: "79098", city, street: "Kaiser-Joseph-Straße" });
      expect(AddressCheck.parse(body).issues, city).toEqual([]);
    }
  });

  it("names a town not at the postcode, an unknown postcode, and a house number in the street", async () => {
    expect((await check({ postcode: "79098", city: "Hamburg", street: "Hauptstraße" })).body).toMatchObject({
      issues: [{ field: "city", code: "CITY_NOT_AT_POSTCODE" }],
      towns: ["Freiburg im Breisgau"],
    });
    expect((await check({ postcode: "99999", city: "Nirgendwo", street: "Hauptstraße" })).body.issues).toEqual([
      { field: "postcode", code: "POSTCODE_UNKNOWN" },
    ]);
    expect((await check({ postcode: "10119", city: "Berlin", street: "Torstraße 5a" })).body.issues).toEqual([
      { field: "street", code: "STREET_HAS_HOUSE_NUMBER" },
    ]);
    expect((await check({ postcode: "10119", city: "Berlin", street: "123" })).body.issues).toEqual([{ field: "street", code: "STREET_IMPLAUSIBLE" }]);
  });

  it("leaves other countries' addresses unchecked, and refuses an incomplete request", async () => {
    expect((await check({ country: "AT", postcode: "1010", city: "Wien", street: "Graben" })).body).toEqual({ covered: false, issues: [], towns: [] });
    expect((await check({ postcode: "10119" })).status).toBe(400);
  });
});
