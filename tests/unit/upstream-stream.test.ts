/**
 * Streamed upstream answers (catalogue downloads) over node:http and
 * node:https against small local services: the bytes as sent, the body a
 * Node stream whose chunks are freed once written on, and a service that
 * breaks off midway seen as a failure, not as the end.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type OutgoingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createTlsServer } from "node:https";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { PassThrough, Readable, Writable } from "node:stream";
import compression from "compression";
import express from "express";
import tls from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { giveBack, holdChunk, writeGivingBack } from "#app/services/http/chunk-leases.server.ts";
import type { Logger } from "#app/services/observability/logger.server.ts";
import { takeNodeBody } from "#app/services/http/node-body.server.ts";
import type { CallContext, ServiceConfig } from "#app/services/upstream/http.server.ts";
import { readStreamedJson, streamService } from "#app/services/upstream/stream.server.ts";
import { UpstreamError } from "#app/services/upstream/upstream-error.server.ts";

const FILE = randomBytes(3 * 1024 * 1024 + 17);

/** Requests per path, to see how often a failing one was tried. */
const tries = new Map<string, number>();

function answer(req: IncomingMessage, res: ServerResponse) {
  const pathname = new URL(req.url!, "http://x").pathname;
  tries.set(pathname, (tries.get(pathname) ?? 0) + 1);
  if (pathname === "/busy" || pathname === "/busy-once") {
    // Busy for good, or only for the first try.
    if (pathname === "/busy" || tries.get(pathname) === 1) {
      req.resume();
      req.on("end", () => res.writeHead(503, { "Content-Type": "application/json" }).end(JSON.stringify({ message: "busy", errorCode: "BUSY" })));
      return;
    }
  }
  if (req.url?.startsWith("/missing")) {
    res.writeHead(404, { "Content-Type": "application/json" }).end(JSON.stringify({ message: "no such file", errorCode: "FILE_NOT_FOUND" }));
    return;
  }
  res.writeHead(200, {
    "Content-Type": "text/csv",
    "Content-Length": String(FILE.length),
    "X-Seen-Key": new URL(req.url!, "http://x").searchParams.get("apikey") ?? "",
  });
  if (req.url?.startsWith("/cut")) {
    // Half the file, then the connection goes.
    res.write(FILE.subarray(0, FILE.length / 2), () => res.socket?.destroy());
    return;
  }
  res.end(FILE);
}

// A test-only certificate for localhost and 127.0.0.1 (generated once with openssl), trusted only in this file.
const certificates = path.join(import.meta.dirname, "../support/tls");
const cert = readFileSync(path.join(certificates, "localhost.crt"), "utf8");
const defaultCAs = tls.getCACertificates("default");
const trustingTheTestCertificate = [...defaultCAs, cert];
let plain: Server;
let secure: Server;
const origin = (server: Server, scheme: string, host: string) => `${scheme}://${host}:${(server.address() as AddressInfo).port}`;

beforeAll(async () => {
  plain = createServer(answer);
  secure = createTlsServer({ key: readFileSync(path.join(certificates, "localhost.key")), cert }, answer);
  tls.setDefaultCACertificates(trustingTheTestCertificate);
  await Promise.all([plain, secure].map((server) => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))));
});

afterAll(async () => {
  tls.setDefaultCACertificates(defaultCAs);
  for (const server of [plain, secure]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const log = { warn: () => undefined } as unknown as Logger;
const ctx: CallContext = { accessToken: "token-1", locale: "en", requestId: "req-1", log };
const service = (baseUrl: string): ServiceConfig => ({ name: "catalogue", baseUrl, apiKey: "key-1", bearer: true, timeoutMs: 2_000 });

/** Everything a Node stream gives, and whether each chunk was whole in its own memory when it came. */
async function drain(body: Readable): Promise<{ bytes: Buffer; ownChunks: boolean }> {
  const chunks: Buffer[] = [];
  let ownChunks = true;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    ownChunks &&= chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength;
    chunks.push(Buffer.from(chunk));
  }
  return { bytes: Buffer.concat(chunks), ownChunks };
}

describe("a download from an upstream service", () => {
  it.each([
    ["http", () => origin(plain, "http", "127.0.0.1")],
    ["https, checked against the service's name", () => origin(secure, "https", "localhost")],
    ["https to an address", () => origin(secure, "https", "127.0.0.1")],
  ])("over %s arrives whole, its body a Node stream of chunks of their own", async (_name, baseUrl) => {
    const response = await streamService(service(baseUrl()), ctx, { method: "GET", path: "/file" });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-seen-key")).toBe("key-1");
    expect(response.headers.get("content-length")).toBe(String(FILE.length));
    const body = takeNodeBody(response)!;
    expect(body).not.toBeNull();
    const { bytes, ownChunks } = await drain(body);
    expect(bytes.equals(FILE)).toBe(true);
    expect(ownChunks).toBe(true);
  });

  it("can be read as a web body instead", async () => {
    const response = await streamService(service(origin(plain, "http", "127.0.0.1")), ctx, { method: "GET", path: "/file" });
    expect(Buffer.from(await response.arrayBuffer()).equals(FILE)).toBe(true);
    expect(takeNodeBody(response)).toBeNull();
  });

  it("is tried once more on a retryable status, like every read; an upload never is", async () => {
    tries.clear();
    const base = origin(plain, "http", "127.0.0.1");
    const second = await streamService(service(base), ctx, { method: "GET", path: "/busy-once" });
    expect(second.status).toBe(200);
    await second.arrayBuffer();
    expect(tries.get("/busy-once")).toBe(2);

    const failed = await streamService(service(base), ctx, { method: "GET", path: "/busy" }).catch((error: unknown) => error);
    expect((failed as UpstreamError).status).toBe(503);
    expect(tries.get("/busy")).toBe(2);

    tries.clear();
    const upload = await streamService(service(base), ctx, { method: "POST", path: "/busy", body: Readable.from([Buffer.from("a;b\n")]) }).catch(
      (error: unknown) => error,
    );
    expect((upload as UpstreamError).status).toBe(503);
    expect(tries.get("/busy")).toBe(1);
  });

  it("reads a JSON answer as the JSON core does: one that does not parse is the service's broken contract, one cut off is unreachable", async () => {
    const origin = { service: "catalogue", method: "POST", path: "/me/seller/file" };
    const schema = z.object({ id: z.string() });
    expect(await readStreamedJson(new Response('{"id":"f-1"}'), schema, origin)).toEqual({ id: "f-1" });
    const broken = await readStreamedJson(new Response('{"id": '), schema, origin).catch((error: unknown) => error);
    expect(broken).toBeInstanceOf(UpstreamError);
    expect(broken).toMatchObject({ status: 502, body: { errorCode: "UPSTREAM_CONTRACT" } });
    const cut = new Response(
      new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"id"'));
          controller.error(new Error("socket hang up"));
        },
      }),
    );
    expect(await readStreamedJson(cut, schema, origin).catch((error: unknown) => error)).toMatchObject({
      status: 0,
      body: { errorCode: "UPSTREAM_UNREACHABLE" },
    });
  });

  it("fails with the service's error body, and fails its body when the service breaks off midway", async () => {
    const refused = await streamService(service(origin(plain, "http", "127.0.0.1")), ctx, { method: "GET", path: "/missing" }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UpstreamError);
    expect((refused as UpstreamError).status).toBe(404);
    expect((refused as UpstreamError).body.errorCode).toBe("FILE_NOT_FOUND");

    const cut = await streamService(service(origin(plain, "http", "127.0.0.1")), ctx, { method: "GET", path: "/cut" });
    await expect(drain(takeNodeBody(cut)!)).rejects.toThrow();
  });

  it("with an untrusted certificate fails as unreachable", async () => {
    tls.setDefaultCACertificates(defaultCAs);
    try {
      const error = await streamService(service(origin(secure, "https", "localhost")), ctx, { method: "GET", path: "/file" }).catch((cause: unknown) => cause);
      expect(error).toBeInstanceOf(UpstreamError);
      expect((error as UpstreamError).body.errorCode).toBe("UPSTREAM_UNREACHABLE");
    } finally {
      tls.setDefaultCACertificates(trustingTheTestCertificate);
    }
  });
});

/** A stand-in for an HTTP message being sent: a writable that takes a while for each chunk, with no socket. */
function slowOutgoing(written: Buffer[]): OutgoingMessage {
  const out = new Writable({
    highWaterMark: 1024,
    write(chunk: Buffer, _encoding, callback) {
      written.push(Buffer.from(chunk));
      setTimeout(callback, 1);
    },
  });
  return out as unknown as OutgoingMessage;
}

describe("writeGivingBack", () => {
  const ownChunk = (bytes: Buffer) => Buffer.from(new Uint8Array(bytes).buffer);

  it("writes every byte in order, ends with the body, and frees each held chunk only once it is written", async () => {
    const chunks = Array.from({ length: 20 }, () => ownChunk(randomBytes(4096)));
    const expected = Buffer.concat(chunks);
    const foreign = Buffer.from("not held by anyone");
    for (const chunk of chunks) holdChunk(chunk);
    const written: Buffer[] = [];
    const out = slowOutgoing(written);
    const freedWhenWritten: boolean[] = [];
    const source = new PassThrough();
    writeGivingBack(source, out);
    for (const chunk of chunks) source.write(chunk);
    source.end(foreign);
    await new Promise((resolve) => (out as unknown as Writable).on("finish", resolve));
    for (const chunk of chunks) freedWhenWritten.push(chunk.byteLength === 0);
    expect(Buffer.concat(written).equals(Buffer.concat([expected, foreign]))).toBe(true);
    expect(freedWhenWritten.every(Boolean)).toBe(true);
    expect(foreign.toString()).toBe("not held by anyone");
    giveBack(foreign);
  });

  it("frees the chunks of an answer to the browser that passes the server's compression middleware", async () => {
    // compression wraps res.write and passes on only two of its arguments; the write callback must still arrive.
    const chunks = Array.from({ length: 8 }, () => ownChunk(randomBytes(16 * 1024)));
    const expected = Buffer.concat(chunks);
    const app = express();
    app.use(compression());
    app.get("/file", (_req, res) => {
      for (const chunk of chunks) holdChunk(chunk);
      res.set({ "Content-Type": "text/csv", "Cache-Control": "private, no-store, no-transform" });
      writeGivingBack(Readable.from(chunks, { objectMode: false }), res);
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/file`, { headers: { "Accept-Encoding": "gzip" } });
      expect(Buffer.from(await response.arrayBuffer()).equals(expected)).toBe(true);
      expect(chunks.every((chunk) => chunk.byteLength === 0)).toBe(true);
    } finally {
      server.close();
    }
  });

  it("breaks the message off when the body fails or closes before its end", async () => {
    for (const end of [(body: Readable) => body.destroy(new Error("service went away")), (body: Readable) => body.destroy()]) {
      const written: Buffer[] = [];
      const out = slowOutgoing(written) as unknown as Writable;
      const body = new PassThrough();
      out.on("error", () => undefined);
      writeGivingBack(body, out as unknown as OutgoingMessage);
      body.write(Buffer.from("first part"));
      await new Promise((resolve) => setTimeout(resolve, 5));
      end(body);
      await new Promise((resolve) => out.on("close", resolve));
      expect(out.destroyed).toBe(true);
      expect(out.writableFinished).toBe(false);
    }
  });
});
