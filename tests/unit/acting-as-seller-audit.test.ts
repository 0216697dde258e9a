import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { requestMetaContext } from "#app/services/request/request-context.server.ts";
import { sessionContext, type PortalSession } from "#app/services/session/session.server.ts";
import { actingAsSellerAuditMiddleware } from "#app/services/acting-as-seller/audit.server.ts";
import type { Logger } from "#app/services/observability/logger.server.ts";

const actingAsSeller = {
  id: "user-success",
  role: "SELLER_ADMINISTRATOR",
  email: "success@example.com",
  languageCode: "en",
  substitutionMode: true,
  sellerId: "seller-mapped",
  substitutedSellerName: "Elbufer Küchenwelt GmbH",
} as const;

/** Runs the middleware around a request whose route answers `status`; returns the audit lines logged. */
async function audit(method: string, user: object | undefined, status = 302) {
  const lines: Record<string, unknown>[] = [];
  const log = { info: (entry: Record<string, unknown>) => lines.push(entry) } as unknown as Logger;
  const context = new RouterContextProvider();
  context.set(requestMetaContext, { requestId: "r-1", log });
  context.set(sessionContext, { user } as unknown as PortalSession);
  const response = await actingAsSellerAuditMiddleware(
    { request: new Request("http://portal.test/shop-setup/warehouse.data", { method }), context, params: {}, unstable_pattern: "" } as never,
    async () => new Response(null, { status }),
  );
  return { lines, response: response as Response };
}

describe("the audit of actions taken while acting as a seller", () => {
  it("writes one line per state-changing request: real staff user, seller, time, what was done and how it ended", async () => {
    const { lines, response } = await audit("POST", actingAsSeller, 303);
    expect(response.status).toBe(303);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      audit: "substituted-action",
      staffUserId: "user-success",
      staffEmail: "success@example.com",
      sellerId: "seller-mapped",
      sellerName: "Elbufer Küchenwelt GmbH",
      method: "POST",
      path: "/shop-setup/warehouse",
      status: 303,
    });
    expect(Date.parse(String(lines[0]!.at))).toBeGreaterThan(Date.now() - 60_000);
  });

  it("stays quiet for reading, and for users who are not acting as a seller", async () => {
    expect((await audit("GET", actingAsSeller)).lines).toEqual([]);
    expect((await audit("POST", { ...actingAsSeller, substitutionMode: false })).lines).toEqual([]);
    expect((await audit("POST", undefined)).lines).toEqual([]);
  });
});
