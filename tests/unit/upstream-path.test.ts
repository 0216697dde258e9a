/**
 * Upstream paths stay where they are written: no value put into a path
 * segment can climb (`.`, `..`, their encoded spellings) or leave a segment
 * empty, and the HTTP core refuses such a path before any request.
 */
import { describe, expect, it } from "vitest";
import { buildUrl, type ServiceConfig } from "#app/services/upstream/http.server.ts";
import { assertPlainPath, requireUpstreamId, UnsafeUpstreamPath, upstreamPath } from "#app/services/upstream/upstream-path.server.ts";
import { isUpstreamId } from "#app/lib/upstream-id.ts";

const service: ServiceConfig = { name: "seller-service", baseUrl: "http://127.0.0.1:4000/seller-service", apiKey: "key", bearer: true, timeoutMs: 1000 };

describe("upstreamPath", () => {
  it("encodes each value as one segment", () => {
    expect(upstreamPath`/v2/seller/${"seller-active"}/changes/${"change-1"}`).toBe("/v2/seller/seller-active/changes/change-1");
    expect(upstreamPath`/v2/seller/sellerNameExists/${"Müller & Söhne/Berlin"}`).toBe("/v2/seller/sellerNameExists/M%C3%BCller%20%26%20S%C3%B6hne%2FBerlin");
    expect(upstreamPath`/me/sessions/${"%2e%2e"}`).toBe("/me/sessions/%252e%252e");
    expect(upstreamPath`/files/${"..."}`).toBe("/files/...");
  });

  it.each(["..", ".", ""])("refuses the value %j", (value) => {
    expect(() => upstreamPath`/v2/seller/${"seller-active"}/changes/${value}`).toThrow(UnsafeUpstreamPath);
    expect(() => upstreamPath`/catalogue-integration/seller/${value}/finish-mapping`).toThrow(UnsafeUpstreamPath);
  });
});

describe("assertPlainPath and the HTTP core", () => {
  it.each(["/v2/seller/x/", "/v2//x", "/v2/./x", "/v2/../x", "/v2/%2e%2E/x", "/v2/.%2e", "v2/x", "/v2/%2E"])("refuses %j", (path) => {
    expect(() => assertPlainPath(path)).toThrow(UnsafeUpstreamPath);
    expect(() => buildUrl(service, path)).toThrow(UnsafeUpstreamPath);
  });

  it("builds a plain path as it is written", () => {
    expect(buildUrl(service, "/v2/seller/seller-active/changes").pathname).toBe("/seller-service/v2/seller/seller-active/changes");
    expect(() => assertPlainPath("/")).not.toThrow();
  });
});

describe("ids where they enter", () => {
  it.each(["seller-active", "file-3f1c0c4e-9a8d-4b53-9a55-0e8f3a1d2b77", "doc-seller-active-1", "ra-1001-product-not-online", "bulk-17", "a"])(
    "accepts %j",
    (id) => {
      expect(isUpstreamId(id)).toBe(true);
      expect(requireUpstreamId(id)).toBe(id);
    },
  );

  it.each(["..", ".", "", " ", "a/b", "-x", ".hidden", "x".repeat(201), "seller\n", null, undefined, 7])("refuses %j with a 400 answer", (value) => {
    expect(isUpstreamId(value)).toBe(false);
    let thrown: unknown;
    try {
      requireUpstreamId(value);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ init: { status: 400 } });
  });
});
