import { describe, expect, it } from "vitest";
import { shouldRetry } from "#app/services/upstream/retry-policy.server.ts";

const RETRYABLE = [408, 409, 425, 429, 500, 502, 503, 504];

describe("retry policy", () => {
  it.each(RETRYABLE)("retries a GET once on %i", (status) => {
    expect(shouldRetry("GET", status, 1)).toBe(true);
    expect(shouldRetry("GET", status, 2)).toBe(false);
  });

  it.each([400, 401, 403, 404, 422, 501, 505])("does not retry a GET on %i", (status) => {
    expect(shouldRetry("GET", status, 1)).toBe(false);
  });

  it.each(["POST", "PUT", "PATCH", "DELETE"])("never retries a %s", (method) => {
    for (const status of RETRYABLE) expect(shouldRetry(method, status, 1)).toBe(false);
  });

  it("treats HEAD and OPTIONS as non-mutating, whatever the case", () => {
    expect(shouldRetry("head", 503, 1)).toBe(true);
    expect(shouldRetry("OPTIONS", 429, 1)).toBe(true);
  });
});
