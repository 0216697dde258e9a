/** The seller home's settings: dashboard ids per analytics tab (public JSON) and the tag-manager container id. */
import { describe, expect, it } from "vitest";
import { parseEnv, tagManagerId } from "#app/services/config/env.server.ts";
import { complete } from "../support/portal-env";

const ids = { oci: "a", legal: "b", sales: "c", service: "d", products: "e", performance: "f" };

describe("analytics dashboard ids", () => {
  it("default to the sandbox's dashboards, one per tab", () => {
    expect(Object.keys(parseEnv(complete).ANALYTICS_DASHBOARD_IDS).sort()).toEqual(["legal", "oci", "performance", "products", "sales", "service"]);
  });
  it("come from a JSON setting", () => {
    expect(parseEnv({ ...complete, ANALYTICS_DASHBOARD_IDS: JSON.stringify(ids) }).ANALYTICS_DASHBOARD_IDS.sales).toBe("c");
  });
  it("refuse a setting that is not JSON or lacks a tab", () => {
    expect(() => parseEnv({ ...complete, ANALYTICS_DASHBOARD_IDS: "{sales: 1" })).toThrow(/ANALYTICS_DASHBOARD_IDS: is not JSON/);
    const { oci: _oci, ...withoutOci } = ids;
    expect(() => parseEnv({ ...complete, ANALYTICS_DASHBOARD_IDS: JSON.stringify(withoutOci) })).toThrow(
      /ANALYTICS_DASHBOARD_IDS: needs a dashboard id for each/,
    );
  });
});

describe("the tag-manager container id", () => {
  it("is GTM- followed by letters and digits", () => {
    for (const id of ["GTM-ABC123", "GTM-5XK9Q7", "gtm-abc1"]) expect(tagManagerId.safeParse(id).success, id).toBe(true);
    for (const id of ["GTM-", "GTM_ABC", "UA-12345-1", "GTM-ABC-1", "GTM-AB C", "GTM-ABC<script>", " GTM-ABC"])
      expect(tagManagerId.safeParse(id).success, id).toBe(false);
  });
  it("is optional, and a malformed one stops the start with its name", () => {
    expect(parseEnv(complete).ANALYTICS_GTM_ID).toBeUndefined();
    expect(parseEnv({ ...complete, ANALYTICS_GTM_ID: "" }).ANALYTICS_GTM_ID).toBeUndefined();
    expect(parseEnv({ ...complete, ANALYTICS_GTM_ID: "GTM-K2P9" }).ANALYTICS_GTM_ID).toBe("GTM-K2P9");
    expect(() => parseEnv({ ...complete, ANALYTICS_GTM_ID: "UA-1234" })).toThrow(/ANALYTICS_GTM_ID: must be GTM- followed by letters and digits/);
  });
});
