import { describe, expect, it } from "vitest";
import { bodyLimitFor, DEFAULT_BODY_LIMIT, GiB, MiB, type BodyLimit } from "../../server/body-limits";

const LIMITS: BodyLimit[] = [
  { path: "/upload/catalog", maxBytes: 5 * GiB, why: "catalogue files, streamed" },
  { path: "/shop-setup/documents", maxBytes: 10 * MiB, why: "documents" },
];

describe("bodyLimitFor (the one declared place for body limits)", () => {
  it.each([
    ["/upload/catalog", 5 * GiB],
    ["/upload/catalog.data", 5 * GiB],
    ["/upload/catalog/", 5 * GiB],
    ["/shop-setup/documents", 10 * MiB],
    ["/shop-setup/documents.data", 10 * MiB],
    // Only the registered route itself: neighbours and children keep the default.
    ["/upload/catalogue", DEFAULT_BODY_LIMIT],
    ["/upload/catalog/x", DEFAULT_BODY_LIMIT],
    ["/upload", DEFAULT_BODY_LIMIT],
    ["/language", DEFAULT_BODY_LIMIT],
    ["/_.data", DEFAULT_BODY_LIMIT],
  ])("%s may carry %d bytes", (path, limit) => {
    expect(bodyLimitFor(path, LIMITS)).toBe(limit);
  });

  it("defaults to 1 MB", () => {
    expect(DEFAULT_BODY_LIMIT).toBe(1024 * 1024);
    expect(bodyLimitFor("/language")).toBe(DEFAULT_BODY_LIMIT);
  });
});
