/**
 * Past the Express guards: client errors that only React
 * Router can recognise (a POST to a page without an action, data requests for
 * routes that do not exist) answer their 4xx, and the portal logs no error
 * for them. request-guards.test.ts covers the ones the guards refuse first.
 */
import { describe, expect, it } from "vitest";
import { ownPortal } from "./own-portal";

describe("client errors inside the router", () => {
  // A portal of its own, to read its log.
  const portal = ownPortal(3295);

  it("answers with the 4xx and logs a warning at most", async () => {
    const url = portal.url();
    const own = { Origin: url, "Content-Type": "application/x-www-form-urlencoded" };
    const checks: [string, RequestInit][] = [
      // A page without an action: React Router's 405.
      ["/", { method: "POST", headers: own, body: "a=1" }],
      ["/_.data", { method: "POST", headers: own, body: "a=1" }],
      // Data for a route that does not exist.
      ["/no-such-page.data", {}],
      ["/no-such-page.data", { method: "POST", headers: own, body: "a=1" }],
    ];
    for (const [path, init] of checks) {
      const response = await fetch(`${url}${path}`, { ...init, redirect: "manual" });
      await response.arrayBuffer();
      expect(response.status, `${init.method ?? "GET"} ${path}`).toBeGreaterThanOrEqual(300);
      expect(response.status, `${init.method ?? "GET"} ${path}`).toBeLessThan(500);
    }
    expect(portal.errorLines()).toEqual([]);
  });
});
