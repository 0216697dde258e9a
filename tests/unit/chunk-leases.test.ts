import { randomBytes } from "node:crypto";
import { createServer, get } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { Readable, Transform } from "node:stream";
import { describe, expect, it, vi } from "vitest";
import { giveBack, holdChunk, lendView, writeGivingBack } from "#app/services/http/chunk-leases.server.ts";
import { MultipartFileReader } from "#app/services/http/multipart-file.server.ts";

/** A chunk owning its whole ArrayBuffer, as the HTTP server hands a body's pieces over. */
const ownChunk = (bytes: Buffer) => Buffer.from(new Uint8Array(bytes).buffer);

describe("chunk leases", () => {
  it("frees a chunk only when the reader and every consumer gave it back", () => {
    const chunk = ownChunk(Buffer.from("0123456789".repeat(100)));
    expect(holdChunk(chunk)).toBe(true);
    const first = chunk.subarray(0, 500);
    const second = chunk.subarray(500);
    lendView(first, 2);
    lendView(second, 2);
    giveBack(chunk); // the reader
    giveBack(first);
    giveBack(first);
    giveBack(second);
    expect(chunk.byteLength).toBe(1000);
    expect(second.toString("latin1", 0, 10)).toBe("0123456789");
    giveBack(second);
    expect(chunk.byteLength).toBe(0);
    expect(chunk.buffer.detached).toBe(true);
  });

  it("never holds a slice of a shared buffer, a view, or the same chunk twice", () => {
    const pooled = Buffer.from("small, from the pool");
    expect(pooled.byteLength).toBeLessThan(pooled.buffer.byteLength);
    expect(holdChunk(pooled)).toBe(false);
    const whole = ownChunk(randomBytes(64));
    expect(holdChunk(whole.subarray(1))).toBe(false);
    expect(holdChunk(whole)).toBe(true);
    expect(holdChunk(whole)).toBe(false);
    giveBack(whole);
    expect(whole.byteLength).toBe(0);
  });

  it("frees a chunk held by one loaded copy of the module when another gives it back (the server and the app's build load it apart)", async () => {
    vi.resetModules();
    const other = await import("#app/services/http/chunk-leases.server.ts");
    expect(other.giveBack).not.toBe(giveBack);
    const chunk = ownChunk(randomBytes(64));
    expect(holdChunk(chunk)).toBe(true);
    other.giveBack(chunk);
    expect(chunk.byteLength).toBe(0);
  });

  it("ignores views it never lent, and a chunk not given back by everyone stays", () => {
    const unknown = ownChunk(randomBytes(64));
    giveBack(unknown);
    expect(unknown.byteLength).toBe(64);
    const chunk = ownChunk(randomBytes(64));
    holdChunk(chunk);
    lendView(chunk, 2);
    giveBack(chunk);
    giveBack(chunk);
    expect(chunk.byteLength).toBe(64);
  });
});

describe("MultipartFileReader with leased chunks", () => {
  const boundary = "----WebKitFormBoundaryq7MA4YWxkTrZu0gW";
  // Random bytes without a carriage return: a chunk that happened to end in "\r" (or "\r\n-…") would look like the start of
  // a boundary, and the reader would keep a copy of it; the chunk counts below would then hold only most of the time.
  const file = randomBytes(300_000).map((byte) => (byte === 0x0d ? 0x0e : byte));
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  /** The body in owned chunks of `size` bytes (each its own ArrayBuffer). */
  const pieces = (size: number) =>
    Array.from({ length: Math.ceil(body.length / size) }, (_, index) => ownChunk(body.subarray(index * size, (index + 1) * size)));

  /** Reads the body with two consumers that copy each view and give it back (or, for the second, only when `secondGivesBack`). */
  function read(chunks: Buffer[], secondGivesBack: boolean): Promise<{ copies: [Buffer, Buffer] }> {
    return new Promise((resolve, reject) => {
      const copies: [Buffer[], Buffer[]] = [[], []];
      const reader = new MultipartFileReader({
        contentType: `multipart/form-data; boundary=${boundary}`,
        maxFileBytes: Number.MAX_SAFE_INTEGER,
        highWaterMark: 16 * 1024,
        consumers: 2,
        onFile: (_name, stream) => {
          stream.on("data", (view: Buffer) => {
            copies[0].push(Buffer.from(view));
            giveBack(view);
            // The second consumer is later: the bytes must still be there.
            setImmediate(() => {
              copies[1].push(Buffer.from(view));
              if (secondGivesBack) giveBack(view);
            });
          });
          stream.on("end", () => setImmediate(() => resolve({ copies: [Buffer.concat(copies[0]), Buffer.concat(copies[1])] })));
        },
      });
      reader.on("error", reject);
      Readable.from(chunks, { objectMode: false }).pipe(reader);
    });
  }

  it("frees each chunk once both consumers are done, and both got every byte", async () => {
    for (const size of [1000, 65_536, 7]) {
      const chunks = pieces(size);
      const { copies } = await read(chunks, true);
      expect(copies[0].equals(file)).toBe(true);
      expect(copies[1].equals(file)).toBe(true);
      // Every chunk whose bytes went out is freed; one may still be kept for a partial boundary at its end, none other.
      const kept = chunks.filter((chunk) => chunk.byteLength > 0);
      expect(kept.length).toBeLessThanOrEqual(1);
    }
  });

  it("keeps every chunk when a consumer does not give its views back", async () => {
    const chunks = pieces(65_536);
    const { copies } = await read(chunks, false);
    expect(copies[1].equals(file)).toBe(true);
    // The first chunk is read from a copy (behind the line break the reader assumes before the first boundary): it alone is freed.
    expect(chunks[0]!.byteLength).toBe(0);
    expect(chunks.slice(1).every((chunk) => chunk.byteLength > 0)).toBe(true);
  });
});

describe("writeGivingBack", () => {
  /**
   * A body that hands on each of its chunks in `pieces` pieces in one turn of the event loop, as the corrected file's
   * writer does (the unchanged runs and the corrected rows of one piece of the download), written to a browser's socket
   * through a chunked answer; the client reads slowly now and then, so the writer also waits for the socket to drain.
   */
  async function serve(chunks: Buffer[], pieces: number): Promise<{ received: Buffer; writes: number }> {
    const server = createServer((_request, response) => {
      const socket = response.socket as unknown as Record<"_write" | "_writev", (...args: unknown[]) => unknown>;
      for (const name of ["_write", "_writev"] as const) {
        const original = socket[name].bind(socket);
        socket[name] = (...args: unknown[]) => {
          writes++;
          return original(...args);
        };
      }
      const body = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          const size = Math.ceil(chunk.length / pieces);
          for (let start = 0; start < chunk.length; start += size) this.push(chunk.subarray(start, start + size));
          callback();
        },
      });
      Readable.from(chunks, { objectMode: false }).pipe(body);
      response.writeHead(200, { "Content-Type": "text/csv" });
      writeGivingBack(body, response);
    });
    let writes = 0;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const received = await new Promise<Buffer>((resolve, reject) => {
        get({ host: "127.0.0.1", port: (server.address() as AddressInfo).port, agent: false }, (response) => {
          const parts: Buffer[] = [];
          response.on("data", (part: Buffer) => {
            parts.push(part);
            if (parts.length % 16 === 0) {
              response.pause();
              setTimeout(() => response.resume(), 2);
            }
          });
          response.on("end", () => resolve(Buffer.concat(parts)));
          response.on("error", reject);
        }).on("error", reject);
      });
      return { received, writes };
    } finally {
      server.close();
    }
  }

  /** The same answer read off the socket as it is sent: the chunked body's chunks, each as it came. */
  async function rawChunks(chunks: Buffer[], pieces: number): Promise<Buffer[]> {
    const server = createServer((_request, response) => {
      const body = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          const size = Math.ceil(chunk.length / pieces);
          for (let start = 0; start < chunk.length; start += size) this.push(chunk.subarray(start, start + size));
          callback();
        },
      });
      Readable.from(chunks, { objectMode: false }).pipe(body);
      response.writeHead(200, { "Content-Type": "text/csv" });
      writeGivingBack(body, response);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const raw = await new Promise<Buffer>((resolve, reject) => {
        const parts: Buffer[] = [];
        const socket = connect((server.address() as AddressInfo).port, "127.0.0.1", () =>
          socket.write("GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"),
        );
        socket.on("data", (part: Buffer) => parts.push(part));
        socket.on("end", () => resolve(Buffer.concat(parts)));
        socket.on("error", reject);
      });
      let at = raw.indexOf("\r\n\r\n") + 4;
      expect(raw.subarray(0, at).toString("latin1")).toMatch(/transfer-encoding: chunked/i);
      const frames: Buffer[] = [];
      for (;;) {
        const line = raw.indexOf("\r\n", at);
        const size = Number.parseInt(raw.subarray(at, line).toString("latin1"), 16);
        if (size === 0) break;
        frames.push(raw.subarray(line + 2, line + 2 + size));
        at = line + 2 + size + 2;
      }
      // Nothing after the last chunk's mark: a chunk written after it would be lost to the client.
      expect(raw.length).toBe(raw.indexOf("0\r\n\r\n", at) + 5);
      return frames;
    } finally {
      server.close();
    }
  }

  it("sends the pieces of one turn as one chunk of the chunked body, the last chunk's mark after them", async () => {
    const file = randomBytes(1024 * 1024);
    const chunks = Array.from({ length: file.length / 65_536 }, (_, index) => file.subarray(index * 65_536, (index + 1) * 65_536));
    const frames = await rawChunks(chunks, 7);
    expect(Buffer.concat(frames).equals(file)).toBe(true);
    // One chunk a turn (seven pieces each): a chunk a piece was 7 × 16.
    expect(frames.length).toBeLessThanOrEqual(chunks.length + 1);
  });

  it("sends the pieces handed on in one turn in one write, every byte in order, and waits for the socket to drain", async () => {
    const file = randomBytes(4 * 1024 * 1024);
    const chunks = Array.from({ length: file.length / 65_536 }, (_, index) => file.subarray(index * 65_536, (index + 1) * 65_536));
    const { received, writes } = await serve(chunks, 7);
    expect(received.equals(file)).toBe(true);
    // One write a chunk of the body (its seven pieces and their framing together), and the head and the end: uncorked at
    // once, each piece was a write of its own (about 7 × 64).
    expect(writes).toBeLessThanOrEqual(chunks.length + 4);
  });
});
