/**
 * One lookup of an IBAN's bank for every form that takes an IBAN: the shop
 * setup's step (a seller in onboarding) and my company's bank account change
 * (an active seller). Both administrators get the bank; anyone else is refused.
 */
import { describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { PORTAL } from "./ports";

const LOOKUP = `${PORTAL}/bank-account/bank?iban=DE89370400440532013000`;

describe("the bank of an IBAN", () => {
  for (const username of ["seller.new@example.com", "seller.active@example.com"]) {
    it(`${username} gets the bank and its BIC`, async () => {
      const browser = new TestBrowser();
      await browser.signIn(PORTAL, username);
      const response = await browser.get(LOOKUP);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ bank: { bankName: expect.stringContaining("Commerzbank"), bic: "COBADEFFXXX" } });
    });
  }

  for (const username of ["viewer@example.com", "admin@example.com"]) {
    it(`${username} is refused`, async () => {
      const browser = new TestBrowser();
      await browser.signIn(PORTAL, username);
      expect((await browser.get(LOOKUP)).headers.get("location")).toBe("/default-redirect");
    });
  }
});
