/** Where an active seller's catalogue file stands (app/lib/home/catalogue-updates.ts): in the live catalogue only once handed over or taken in. */
import { describe, expect, it } from "vitest";
import { CatalogueUpdate } from "#contract/catalogue-updates.ts";
import { fileStatus, inLiveCatalogue } from "#app/lib/home/catalogue-updates.ts";

const sent = "2026-03-02T09:00:00.000Z";
const decided = "2026-03-03T15:30:00.000Z";
const update = (status: CatalogueUpdate["status"], fileIds: string[]) =>
  CatalogueUpdate.parse({
    id: `update-${status}`,
    submittedAt: sent,
    status,
    fileIds,
    decidedAt: status === "SUBMITTED" ? null : decided,
    returned: status === "RETURNED" ? { reason: "The prices are missing in every row.", files: [] } : null,
  });
const updates = [update("SUBMITTED", ["waiting"]), update("PROCESSED", ["taken-in"]), update("RETURNED", ["returned"])];

describe("a catalogue file's status", () => {
  it.each([
    ["open", { kind: "open" }, false],
    ["handed-over", { kind: "handedOver" }, true],
    ["waiting", { kind: "sent", at: sent }, false],
    ["taken-in", { kind: "processed", at: decided }, true],
    ["returned", { kind: "returned", at: decided }, false],
  ] as const)("%s", (fileId, status, live) => {
    expect(fileStatus(fileId, new Set(["open"]), updates)).toEqual(status);
    expect(inLiveCatalogue(fileStatus(fileId, new Set(["open"]), updates))).toBe(live);
  });

  it("reads an update from a service that does not say yet when it was decided as waiting for the team", () => {
    expect(CatalogueUpdate.parse({ id: "update-1", submittedAt: sent, status: "SUBMITTED", fileIds: ["a"] })).toMatchObject({
      decidedAt: null,
      returned: null,
    });
  });
});
