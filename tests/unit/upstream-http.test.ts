/**
 * The upstream core's JSON exchanges (undici's kept-alive connections)
 * against a small local service: the same outcomes as through fetch.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { callService, type CallContext, type ServiceConfig } from "#app/services/upstream/http.server.ts";
import { metricsRegistry } from "#app/services/observability/metrics.server.ts";
import { UpstreamError } from "#app/services/upstream/upstream-error.server.ts";
import type { Logger } from "#app/services/observability/logger.server.ts";

type Seen = { method: string; url: string; headers: IncomingMessage["headers"]; body: string };
const seen: Seen[] = [];
let handler: (req: IncomingMessage, res: ServerResponse, body: string) => void = () => undefined;
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const warnings: unknown[] = [];
const log = { warn: (entry: unknown) => warnings.push(entry) } as unknown as Logger;
const ctx: CallContext = { accessToken: "token-1", locale: "de", requestId: "req-1", log };
const service = (overrides: Partial<ServiceConfig> = {}): ServiceConfig => ({
  name: "test",
  baseUrl,
  apiKey: "key-1",
  bearer: true,
  timeoutMs: 2_000,
  ...overrides,
});
const State = z.object({ state: z.string() });

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

describe("a JSON exchange with an upstream service", () => {
  it("sends the key, token, language and request id, and reads the answer through its schema", async () => {
    handler = (_req, res) => json(res, 200, { state: "ACTIVE", extra: "ignored" });
    seen.length = 0;
    expect(await callService(service(), ctx, { path: "/me/seller/state", query: { a: "1" }, schema: State })).toEqual({ state: "ACTIVE" });
    const [request] = seen;
    expect(request!.method).toBe("GET");
    expect(request!.url).toBe("/me/seller/state?a=1&apikey=key-1");
    expect(request!.headers).toMatchObject({
      authorization: "Bearer token-1",
      "accept-language": "de-de",
      "x-request-id": "req-1",
      accept: "application/json",
    });
  });

  it("sends a JSON body with its length, in UTF-8", async () => {
    handler = (_req, res, body) => json(res, 200, { state: (JSON.parse(body) as { name: string }).name });
    seen.length = 0;
    const answer = await callService(service(), ctx, { method: "PUT", path: "/x", body: { name: "Müller & Söhne 🚚" }, schema: State });
    expect(answer).toEqual({ state: "Müller & Söhne 🚚" });
    expect(seen[0]!.headers["content-type"]).toBe("application/json");
    expect(Number(seen[0]!.headers["content-length"])).toBe(Buffer.byteLength(JSON.stringify({ name: "Müller & Söhne 🚚" })));
  });

  it("reuses its connection for the calls after the first", async () => {
    handler = (_req, res) => json(res, 200, { state: "ACTIVE" });
    const ports = new Set<number>();
    const track = (socket: { remotePort?: number }) => ports.add(socket.remotePort!);
    server.on("connection", track);
    try {
      for (let i = 0; i < 5; i++) await callService(service(), ctx, { path: "/again", schema: State });
    } finally {
      server.off("connection", track);
    }
    expect(ports.size).toBeLessThanOrEqual(1);
  });

  it("retries a GET once after a 503, never a PUT, and reports the service's error body", async () => {
    let calls = 0;
    handler = (_req, res) => (++calls === 1 ? json(res, 503, { message: "busy", errorCode: "BUSY" }) : json(res, 200, { state: "ACTIVE" }));
    expect(await callService(service(), ctx, { path: "/retry", schema: State })).toEqual({ state: "ACTIVE" });
    expect(calls).toBe(2);

    calls = 0;
    handler = (_req, res) => {
      calls++;
      json(res, 503, { message: "busy", errorCode: "BUSY", errorId: "id-1" });
    };
    const error = await failure(callService(service(), ctx, { method: "PUT", path: "/no-retry", body: {}, schema: State }));
    expect(calls).toBe(1);
    expect(error.status).toBe(503);
    expect(error.body).toMatchObject({ message: "busy", errorCode: "BUSY" });
    expect(error.reference).toBe("id-1");
  });

  it("sends each attempt as a span of its own in the request's trace, and counts the retry in the metrics", async () => {
    const trace = { traceId: "4bf92f3577b34da6a3ce929d0e0e4736", spanId: "00f067aa0ba902b7", sampled: true };
    const retries = async () =>
      (await metricsRegistry.getSingleMetric("portal_upstream_retries_total")!.get()).values.find((value) => value.labels.service === "traced")?.value ?? 0;
    let calls = 0;
    handler = (_req, res) => (++calls === 1 ? json(res, 502, { message: "bad gateway" }) : json(res, 200, { state: "ACTIVE" }));
    seen.length = 0;
    await callService(service({ name: "traced" }), { ...ctx, trace }, { path: "/traced", schema: State });
    const parents = seen.map((request) => /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/.exec(String(request.headers.traceparent)));
    expect(parents.map((match) => match?.[1])).toEqual([trace.traceId, trace.traceId]);
    expect(new Set(parents.map((match) => match?.[2])).size).toBe(2);
    expect(parents.map((match) => match?.[2])).not.toContain(trace.spanId);
    expect(await retries()).toBe(1);
  });

  it("keeps the start of an answer that is not JSON as the message, and calls an unexpected answer a contract failure", async () => {
    handler = (_req, res) => {
      res.writeHead(500, "Oops", { "Content-Type": "text/html" });
      res.end("<html>proxy error</html>");
    };
    const error = await failure(callService(service(), ctx, { method: "POST", path: "/html", schema: State }));
    expect(error.body.message).toBe("<html>proxy error</html>");

    handler = (_req, res) => json(res, 200, { nothing: true });
    expect((await failure(callService(service(), ctx, { path: "/contract", schema: State }))).body.errorCode).toBe("UPSTREAM_CONTRACT");
    handler = (_req, res) => {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end("{not json");
    };
    expect((await failure(callService(service(), ctx, { path: "/broken", schema: State }))).status).toBe(502);
    handler = (_req, res) => {
      res.writeHead(204);
      res.end();
    };
    expect(await callService(service(), ctx, { method: "DELETE", path: "/gone", schema: z.undefined() })).toBeUndefined();
  });

  it("never takes a write whose answer is cut short for done, even where it expects no body", async () => {
    // The start of a JSON answer whose end never came, the HTTP framing whole.
    handler = (_req, res) => {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end('{"deleted": ');
    };
    const halfAnswer = await failure(callService(service(), ctx, { method: "DELETE", path: "/half", schema: z.undefined() }));
    expect([halfAnswer.status, halfAnswer.body.errorCode]).toEqual([502, "UPSTREAM_CONTRACT"]);

    // The connection breaks mid-body, on the JSON exchange and on fetch (a form with a file).
    handler = (_req, res) => {
      res.writeHead(200, { "Content-Type": "application/json", "Content-Length": "40" });
      res.write('{"deleted');
      setImmediate(() => res.socket?.destroy());
    };
    const brokeOff = await failure(callService(service(), ctx, { method: "DELETE", path: "/cut", schema: z.undefined() }));
    expect([brokeOff.status, brokeOff.body.errorCode]).toEqual([0, "UPSTREAM_UNREACHABLE"]);
    const form = new FormData();
    form.set("file", new File(["x"], "x.pdf"));
    const brokeOffViaFetch = await failure(callService(service(), ctx, { method: "POST", path: "/cut", body: form, schema: z.unknown() }));
    expect([brokeOffViaFetch.status, brokeOffViaFetch.body.errorCode]).toEqual([0, "UPSTREAM_UNREACHABLE"]);
  });

  it("fails on a redirect, a timeout and a refused connection, each as status 0 with its code", async () => {
    handler = (_req, res) => {
      res.writeHead(302, { Location: "https://elsewhere.example/" });
      res.end();
    };
    const redirected = await failure(callService(service(), ctx, { path: "/moved", schema: State }));
    expect(redirected.status).toBe(0);
    expect(redirected.body.errorCode).toBe("UPSTREAM_UNREACHABLE");

    handler = () => undefined; // never answers
    const started = performance.now();
    const slow = await failure(callService(service({ timeoutMs: 300 }), ctx, { path: "/slow", schema: State }));
    expect(slow.body.errorCode).toBe("UPSTREAM_TIMEOUT");
    expect(performance.now() - started).toBeLessThan(1_900);

    const refused = await failure(callService(service({ baseUrl: "http://127.0.0.1:9" }), ctx, { path: "/x", schema: State }));
    expect(refused.status).toBe(0);
    expect(refused.body.errorCode).toBe("UPSTREAM_UNREACHABLE");
  });

  it("fails a dropped connection as unreachable", async () => {
    handler = (req) => req.socket.destroy();
    const dropped = await failure(callService(service(), ctx, { method: "POST", path: "/drop", body: {}, schema: State }));
    expect(dropped.body.errorCode).toBe("UPSTREAM_UNREACHABLE");
  });

  it("sends a read once more when its connection broke before the answer, never a read whose answer broke off or a write", async () => {
    let drops = 0;
    handler = (req, res) => {
      if (drops-- > 0) req.socket.destroy();
      else json(res, 200, { state: "ACTIVE" });
    };
    const paths = () => seen.filter((entry) => entry.url.startsWith("/broken-")).map((entry) => `${entry.method} ${entry.url}`);

    drops = 1;
    expect(await callService(service(), ctx, { path: "/broken-once", schema: State })).toEqual({ state: "ACTIVE" });
    drops = 2;
    expect((await failure(callService(service(), ctx, { path: "/broken-twice", schema: State }))).body.errorCode).toBe("UPSTREAM_UNREACHABLE");
    handler = (req, res) => {
      res.writeHead(200, { "Content-Type": "application/json", "Content-Length": "100" });
      res.write('{"state":');
      setTimeout(() => req.socket.destroy(), 10);
    };
    expect((await failure(callService(service(), ctx, { path: "/broken-answer", schema: State }))).body.errorCode).toBe("UPSTREAM_UNREACHABLE");
    handler = (req, res) => {
      if (drops-- > 0) req.socket.destroy();
      else json(res, 200, { state: "ACTIVE" });
    };
    drops = 1;
    expect((await failure(callService(service(), ctx, { method: "PUT", path: "/broken-write", body: {}, schema: State }))).body.errorCode).toBe(
      "UPSTREAM_UNREACHABLE",
    );
    expect(paths()).toEqual([
      "GET /broken-once?apikey=key-1",
      "GET /broken-once?apikey=key-1",
      "GET /broken-twice?apikey=key-1",
      "GET /broken-twice?apikey=key-1",
      "GET /broken-answer?apikey=key-1",
      "PUT /broken-write?apikey=key-1",
    ]);
  });

  it("goes on after the service closed its idle kept-alive connection", async () => {
    handler = (_req, res) => json(res, 200, { state: "ACTIVE" });
    await callService(service(), ctx, { path: "/first", schema: State });
    server.closeIdleConnections();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await callService(service(), ctx, { path: "/after-close", schema: State })).toEqual({ state: "ACTIVE" });
  });
});
