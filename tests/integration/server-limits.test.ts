/**
 * The Node server's own bounds (server/http-server.ts): a client that
 * trickles its headers is cut off at the headers timeout, and connections
 * past the cap are refused as they arrive while the portal keeps serving.
 * A portal of its own with tight limits, so the test takes seconds.
 */
import { describe, expect, it } from "vitest";
import { ownPortal } from "./own-portal";
import { openIdleConnection, trickleHeaders } from "./raw-http";

const HEADERS_TIMEOUT_S = 2;
const MAX_CONNECTIONS = 12;
/** Node looks for expired connections once a second (TIMEOUT_CHECK_INTERVAL_MS), plus room for a busy machine. */
const CHECK_SLACK_MS = 1_000 + 1_500;

const portal = ownPortal(3290, { HEADERS_TIMEOUT_SECONDS: String(HEADERS_TIMEOUT_S), MAX_CONNECTIONS: String(MAX_CONNECTIONS) });

describe("slow and numerous clients", () => {
  it("closes slow-loris connections at the headers timeout, however steadily they trickle", async () => {
    // A header line every 200 ms keeps each socket busy; none ever finishes its headers.
    const clients = await Promise.all(Array.from({ length: 8 }, () => trickleHeaders(portal.url(), 200, 15_000)));
    for (const client of clients) {
      expect(client.closedByServer).toBe(true);
      expect(client.openMs).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_S * 1000 - 100);
      expect(client.openMs).toBeLessThan(HEADERS_TIMEOUT_S * 1000 + CHECK_SLACK_MS);
    }
    expect((await fetch(`${portal.url()}/healthz`)).status).toBe(200);
  }, 20_000);

  it("refuses connections past the cap at once, and serves again when they are gone", async () => {
    const connections = await Promise.all(Array.from({ length: MAX_CONNECTIONS + 3 }, () => openIdleConnection(portal.url())));
    // Refused ones close right away, long before the headers timeout would close an idle one.
    const closedEarly = await Promise.all(
      connections.map(({ closed }) => Promise.race([closed.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 500))])),
    );
    const refused = closedEarly.filter(Boolean).length;
    expect(refused).toBeGreaterThanOrEqual(3);
    expect(connections.length - refused).toBeLessThanOrEqual(MAX_CONNECTIONS);

    for (const { socket } of connections) socket.destroy();
    await Promise.all(connections.map(({ closed }) => closed));
    expect((await fetch(`${portal.url()}/healthz`)).status).toBe(200);
    expect(portal.warnLines().some((line) => line.includes("connections refused: too many open"))).toBe(true);
  });
});
