/**
 * The rules beside the obligations' restrictions: the payout cycle (every 14 days, contract/payouts.ts) and the ID
 * document a seller sends in the legal documents, which names the date it expires (contract/company-changes.ts).
 */
import { describe, expect, it } from "vitest";
import { LegalDocumentChange } from "#contract/company-changes.ts";
import { addDays } from "#contract/obligations.ts";
import { nextPayoutDay, PAYOUT_CYCLE_START } from "#contract/payouts.ts";
import { today } from "#contract/onboarding-fields.ts";

describe("nextPayoutDay: the first payout day after a day", () => {
  it("is 14 days on from a payout day (that day's payout has gone out)", () => {
    expect(nextPayoutDay(PAYOUT_CYCLE_START)).toBe("2026-01-16");
    expect(nextPayoutDay("2026-01-16")).toBe("2026-01-30");
  });
  it("is the next one from a day between two", () => {
    expect(nextPayoutDay("2026-01-03")).toBe("2026-01-16");
    expect(nextPayoutDay("2026-01-15")).toBe("2026-01-16");
    expect(nextPayoutDay("2026-12-31")).toBe("2027-01-01"); // 26 cycles (364 days) after the first
  });
  it("counts back before the cycle's first day too", () => {
    expect(nextPayoutDay("2025-12-25")).toBe("2026-01-02");
    expect(nextPayoutDay("2026-01-01")).toBe("2026-01-02");
  });
});

describe("LegalDocumentChange: an ID document names the date it expires", () => {
  const file = () => new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], "ausweis.pdf", { type: "application/pdf" });
  const messages = (input: Record<string, unknown>) => {
    const parsed = LegalDocumentChange.safeParse(input);
    return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  };

  it("requires the date for an ID document", () => {
    expect(messages({ documentKind: "IDENTITY_DOCUMENT", file: file() })).toEqual(["expiryDate: required"]);
    expect(messages({ documentKind: "IDENTITY_DOCUMENT", file: file(), expiryDate: "" })).toEqual(["expiryDate: required"]);
  });
  it("refuses a date that is no date, or not after today", () => {
    expect(messages({ documentKind: "IDENTITY_DOCUMENT", file: file(), expiryDate: "2031-02-30" })).toEqual(["expiryDate: date"]);
    expect(messages({ documentKind: "IDENTITY_DOCUMENT", file: file(), expiryDate: today() })).toEqual(["expiryDate: expiryPast"]);
  });
  it("keeps a later date for an ID document", () => {
    const later = addDays(today(), 1);
    expect(LegalDocumentChange.parse({ documentKind: "IDENTITY_DOCUMENT", file: file(), expiryDate: later })).toMatchObject({ expiryDate: later });
  });
  it("ignores the date for the other kinds", () => {
    const parsed = LegalDocumentChange.parse({ documentKind: "TERMS", file: file(), expiryDate: "2040-01-01" });
    expect(parsed).not.toHaveProperty("expiryDate");
    expect(messages({ documentKind: "TERMS", file: file() })).toEqual([]);
  });
});
