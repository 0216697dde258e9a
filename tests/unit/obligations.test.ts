import { describe, expect, it } from "vitest";
import { addDays, daysBetween, obligationState, reminderDue, restrictionsOf } from "#contract/obligations.ts";

describe("obligationState: the state of an obligation on a day", () => {
  it("is fulfilled once fulfilled, whatever its date", () => {
    expect(obligationState({ dueDate: "2026-01-01", fulfilled: true }, "2026-06-01")).toBe("FULFILLED");
    expect(obligationState({ dueDate: null, fulfilled: true }, "2026-06-01")).toBe("FULFILLED");
  });
  it("is owed now without a date", () => {
    expect(obligationState({ dueDate: null, fulfilled: false }, "2026-06-01")).toBe("DUE");
  });
  it("is due by its date up to and on the date, past due from the day after", () => {
    expect(obligationState({ dueDate: "2026-06-10", fulfilled: false }, "2026-05-31")).toBe("DUE_BY");
    expect(obligationState({ dueDate: "2026-06-10", fulfilled: false }, "2026-06-10")).toBe("DUE_BY");
    expect(obligationState({ dueDate: "2026-06-10", fulfilled: false }, "2026-06-11")).toBe("PAST_DUE");
  });
  it("compares whole days across months and years", () => {
    expect(obligationState({ dueDate: "2026-12-31", fulfilled: false }, "2027-01-01")).toBe("PAST_DUE");
    expect(obligationState({ dueDate: "2027-01-01", fulfilled: false }, "2026-12-31")).toBe("DUE_BY");
  });
});

describe("restrictionsOf: what past-due obligations restrict together", () => {
  it("takes only the past-due ones, each restriction once, in the contract's order", () => {
    expect(
      restrictionsOf([
        { state: "PAST_DUE", restrictsWhenPastDue: ["PAYOUTS", "CATALOGUE_UPDATES"] },
        { state: "DUE_BY", restrictsWhenPastDue: ["HAND_OVER"] },
        { state: "PAST_DUE", restrictsWhenPastDue: ["CATALOGUE_UPDATES"] },
        { state: "DUE", restrictsWhenPastDue: ["HAND_OVER"] },
      ]),
    ).toEqual(["CATALOGUE_UPDATES", "PAYOUTS"]);
    expect(restrictionsOf([{ state: "DUE_BY", restrictsWhenPastDue: ["PAYOUTS"] }])).toEqual([]);
  });
});

describe("reminderDue: 14 and 3 days before the date, each once", () => {
  it("sends nothing further out than 14 days", () => {
    expect(reminderDue("2026-06-30", "2026-06-15", [])).toBeNull();
  });
  it("sends the 14-day reminder from 14 days before, once", () => {
    expect(reminderDue("2026-06-30", "2026-06-16", [])).toBe(14);
    expect(reminderDue("2026-06-30", "2026-06-20", [14])).toBeNull();
  });
  it("sends the 3-day reminder after the 14-day one, once", () => {
    expect(reminderDue("2026-06-30", "2026-06-27", [14])).toBe(3);
    expect(reminderDue("2026-06-30", "2026-06-29", [14, 3])).toBeNull();
  });
  it("sends only the nearer one when the days jump past both", () => {
    expect(reminderDue("2026-06-30", "2026-06-29", [])).toBe(3);
  });
  it("sends nothing once past due", () => {
    expect(reminderDue("2026-06-30", "2026-07-01", [])).toBeNull();
  });
});

describe("day arithmetic", () => {
  it("counts whole days and adds them across a year's end", () => {
    expect(daysBetween("2026-12-25", "2027-01-04")).toBe(10);
    expect(addDays("2026-12-25", 10)).toBe("2027-01-04");
    expect(addDays("2027-03-01", -1)).toBe("2027-02-28");
  });
});
