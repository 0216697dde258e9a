/**
 * The Node server's own bounds (server/http-server.ts, server/body-deadlines.ts):
 * a client that trickles its headers is cut off at the headers timeout, one
 * that trickles a form's body at the body deadline, an upload that stalls
 * after the stall timeout, and connections past the cap are refused as they
 * arrive while the portal keeps serving. A portal of its own with tight
 * limits, so the test takes seconds; bench/slow-clients.ts plays the same
 * attacks at full scale.
 */
import { get as httpGet } from "node:http";
import { describe, expect, it } from "vitest";
import { ownPortal } from "./own-portal";
import { openIdleConnection, trickleBody, trickleHeaders } from "./raw-http";

const HEADERS_TIMEOUT_S = 2;
const MAX_CONNECTIONS = 12;
/** Node looks for expired connections once a second (TIMEOUT_CHECK_INTERVAL_MS), plus room for a busy machine. */
const CHECK_SLACK_MS = 1_000 + 1_500;

const BODY_TIMEOUT_S = 2;
const UPLOAD_STALL_TIMEOUT_S = 3;

const portal = ownPortal(3290, {
  HEADERS_TIMEOUT_SECONDS: String(HEADERS_TIMEOUT_S),
  MAX_CONNECTIONS: String(MAX_CONNECTIONS),
  BODY_TIMEOUT_SECONDS: String(BODY_TIMEOUT_S),
  UPLOAD_STALL_TIMEOUT_SECONDS: String(UPLOAD_STALL_TIMEOUT_S),
});

/** Whether a new connection (never one kept alive from before) gets an answer from /healthz within a second. */
function healthzAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = httpGet(`${portal.url()}/healthz`, { agent: false, timeout: 1_000 }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    probe.on("timeout", () => probe.destroy());
    probe.on("error", () => resolve(false));
  });
}

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

  it("cuts off form bodies trickled a byte at a time at the body deadline, with the 408 page, so they cannot hold every connection", async () => {
    // As many slow-body clients as the portal takes connections, signed out, each posting a form to /language a byte every 300 ms.
    const clients = Array.from({ length: MAX_CONNECTIONS }, () =>
      trickleBody(portal.url(), "/language", { everyMs: 300, giveUpAfterMs: 20_000, headers: { "Accept-Language": "de" } }),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    // While they hold the connections, a fresh one is refused…
    expect(await healthzAnswers()).toBe(false);
    // A connection the suite's own fetch keeps alive may take a place: the clients past the cap are refused at once.
    const results = (await Promise.all(clients)).filter((result) => result.openMs > 1_000);
    expect(results.length).toBeGreaterThanOrEqual(MAX_CONNECTIONS - 2);
    for (const result of results) {
      expect(result.closedByServer).toBe(true);
      expect(result.openMs).toBeGreaterThanOrEqual(BODY_TIMEOUT_S * 1000 - 100);
      expect(result.openMs).toBeLessThan(BODY_TIMEOUT_S * 1000 + CHECK_SLACK_MS);
      expect(result.answer).toMatchObject({ status: 408 });
    }
    // …and once they are cut off, the portal serves again; the answer was the error page, in the client's language.
    expect(await healthzAnswers()).toBe(true);
    const page = results[0]!.answer;
    expect("body" in page ? page.body : "").toContain("kam zu langsam an");
    expect(portal.warnLines().some((line) => line.includes("request body not complete within its deadline"))).toBe(true);
    expect(portal.errorLines()).toEqual([]);
  }, 30_000);

  it("lets an upload take longer than the body deadline while bytes come, and cuts it off once none came for the stall timeout", async () => {
    // A catalogue upload's route: a byte every 400 ms for 4 s (twice the body deadline), then nothing.
    const trickleMs = 2 * BODY_TIMEOUT_S * 1000;
    const result = await trickleBody(portal.url(), "/upload/catalog", { everyMs: 400, trickleMs, giveUpAfterMs: 40_000 });
    expect(result.closedByServer).toBe(true);
    expect(result.openMs).toBeGreaterThanOrEqual(trickleMs + UPLOAD_STALL_TIMEOUT_S * 1000 - 500);
    expect(result.openMs).toBeLessThan(trickleMs + UPLOAD_STALL_TIMEOUT_S * 1000 + CHECK_SLACK_MS);
    expect(portal.warnLines().some((line) => line.includes("request body stalled"))).toBe(true);
  }, 45_000);
});
