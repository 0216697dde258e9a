/**
 * The image checker's reading of an HTTP/1.1 answer (reading/image-http.ts):
 * the head, the body unframed from its length or its chunks, in whatever
 * pieces it arrives, and when the connection may carry the next request.
 */
import { describe, expect, it } from "vitest";
import { AnswerReader, MAX_HEAD_BYTES, type AnswerHead } from "#app/services/catalogue/reading/image-http.ts";

function read(pieces: (string | Buffer)[], options: { close?: boolean } = {}) {
  const heads: AnswerHead[] = [];
  const body: Buffer[] = [];
  let ends = 0;
  const reader = new AnswerReader({ onHead: (head) => heads.push(head), onBody: (piece) => body.push(Buffer.from(piece)), onEnd: () => ends++ });
  for (const piece of pieces) reader.push(Buffer.isBuffer(piece) ? piece : Buffer.from(piece, "latin1"));
  if (options.close) reader.close();
  return { reader, heads, body: Buffer.concat(body).toString("latin1"), ends };
}

/** Every split of `text` into two pieces: an answer reads the same however its bytes arrive. */
function everySplit(text: string): string[][] {
  return Array.from({ length: text.length - 1 }, (_, at) => [text.slice(0, at + 1), text.slice(at + 1)]);
}

describe("an answer framed by its length", () => {
  const answer = "HTTP/1.1 206 Partial Content\r\nContent-Type: image/jpeg\r\nContent-Length: 5\r\nX-Twice: a\r\nX-Twice: b\r\n\r\nhello";

  it("gives its head, its body and its end, and leaves the connection for the next request", () => {
    const { reader, heads, body, ends } = read([answer]);
    expect(heads).toHaveLength(1);
    expect(heads[0]!.status).toBe(206);
    expect(heads[0]!.headers.get("content-type")).toBe("image/jpeg");
    expect(heads[0]!.headers.get("x-twice")).toBe("a, b");
    expect(body).toBe("hello");
    expect(ends).toBe(1);
    expect(reader.reusable).toBe(true);
  });

  it("reads the same in any two pieces", () => {
    for (const pieces of everySplit(answer)) {
      const { reader, body, ends } = read(pieces);
      expect({ body, ends, reusable: reader.reusable }).toEqual({ body: "hello", ends: 1, reusable: true });
    }
  });

  it("skips 1xx answers before it", () => {
    const { heads, body } = read([`HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\n${answer}`]);
    expect(heads.map((head) => head.status)).toEqual([206]);
    expect(body).toBe("hello");
  });

  it("closes the connection after it: Connection: close, HTTP/1.0, bytes after its end", () => {
    expect(read(["HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"]).reader.reusable).toBe(false);
    expect(read(["HTTP/1.0 200 OK\r\nContent-Length: 0\r\n\r\n"]).reader.reusable).toBe(false);
    expect(read([`${answer}HTTP/1.1 200 OK\r\n`]).reader.reusable).toBe(false);
  });

  it("has no body for 204 and 304", () => {
    const { reader, ends } = read(["HTTP/1.1 304 Not Modified\r\nContent-Length: 20\r\n\r\n"]);
    expect(ends).toBe(1);
    expect(reader.reusable).toBe(true);
  });

  it("says whether the rest is short enough to read and drop", () => {
    const { reader } = read(["HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\nabc"]);
    expect(reader.drainable(64 * 1024)).toBe(false);
    const short = read(["HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\nabc"]).reader;
    expect(short.drainable(64 * 1024)).toBe(true);
    expect(short.drainable(1000)).toBe(true);
    expect(short.drainable(999)).toBe(false);
    const chunked = read(["HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n"]).reader;
    expect(chunked.drainable(3)).toBe(true);
    expect(chunked.drainable(2)).toBe(false);
  });
});

describe("an answer in chunks", () => {
  const answer = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;ext=1\r\nhello\r\n6\r\n world\r\n0\r\nX-Trailer: t\r\n\r\n";

  it("is unframed in any two pieces, trailers skipped", () => {
    for (const pieces of [[answer], ...everySplit(answer)]) {
      const { reader, body, ends } = read(pieces);
      expect({ body, ends, reusable: reader.reusable }).toEqual({ body: "hello world", ends: 1, reusable: true });
    }
  });

  it("with a length beside its chunks: read by the chunks, the connection not used again", () => {
    const { reader, body } = read(["HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n5\r\nhello\r\n0\r\n\r\n"]);
    expect(body).toBe("hello");
    expect(reader.reusable).toBe(false);
  });

  it("refuses a broken chunk", () => {
    expect(() => read(["HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"])).toThrow(/size/);
    expect(() => read(["HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n"])).toThrow(/chunk/);
  });
});

describe("an answer that runs to the close", () => {
  it("ends with the connection, which is not used again", () => {
    const { reader, body, ends } = read(["HTTP/1.1 200 OK\r\nContent-Type: image/png\r\n\r\nabc", "def"], { close: true });
    expect(body).toBe("abcdef");
    expect(ends).toBe(1);
    expect(reader.reusable).toBe(false);
  });

  it("is cut off when the connection ends before a length's end", () => {
    expect(() => read(["HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc"], { close: true })).toThrow(/cut off/);
  });
});

describe("a broken answer", () => {
  it.each([
    ["not HTTP", "SSH-2.0-OpenSSH\r\n\r\n"],
    ["a folded header", "HTTP/1.1 200 OK\r\nX-A: 1\r\n  folded\r\n\r\n"],
    ["a header name with a space", "HTTP/1.1 200 OK\r\nX A: 1\r\n\r\n"],
    ["two lengths", "HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n"],
    ["a length that is no number", "HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n"],
    ["a switch of protocols", "HTTP/1.1 101 Switching Protocols\r\n\r\n"],
  ])("is refused: %s", (_name, answer) => {
    expect(() => read([answer])).toThrow();
  });

  it("refuses headers larger than the limit, however they arrive", () => {
    const header = `HTTP/1.1 200 OK\r\nX-Big: ${"a".repeat(MAX_HEAD_BYTES)}`;
    expect(() => read([header])).toThrow(/too large/);
    expect(() => read([header.slice(0, 9000), header.slice(9000)])).toThrow(/too large/);
  });

  it("takes the same length given twice alike", () => {
    const { body } = read(["HTTP/1.1 200 OK\r\nContent-Length: 2, 2\r\n\r\nok"]);
    expect(body).toBe("ok");
  });
});
