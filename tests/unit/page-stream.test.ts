import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { PageStream } from "#app/services/http/page-stream.server.ts";

const page =
  '<!DOCTYPE html><html lang="de"><head><title>Unternehmensdaten · Ihren Shop einrichten</title>' +
  '<link rel="stylesheet" href="/assets/base.css" data-precedence="default"/>' +
  '<link rel="modulepreload" href="/assets/entry.client.js" nonce="n"/><link rel="modulepreload" href="/assets/root.js" nonce="n"/>' +
  '</head><body><p>&lt;link rel=&quot;modulepreload&quot; stays text</p><script type="module">import "/assets/root.js";</script></body></html>';

/** The page through the transform, cut into chunks of `size` bytes (so that cuts fall inside tags, `</head>` and characters). */
async function through(size: number, source = page): Promise<string> {
  const bytes = Buffer.from(source);
  const chunks: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += size) chunks.push(bytes.subarray(start, start + size));
  return text(Readable.from(chunks).pipe(new PageStream()));
}

/** The page written as React writes it: in views, with a flush() after some of them. Answers the pieces passed on. */
function asReactWrites(views: string[], flushAfter: number[]): Buffer[] {
  const stream = new PageStream();
  const pieces: Buffer[] = [];
  stream.on("data", (piece: Buffer) => pieces.push(piece));
  views.forEach((view, index) => {
    stream.write(Buffer.from(view));
    if (flushAfter.includes(index)) stream.flush();
  });
  return pieces;
}

describe("a page's pieces", () => {
  it("go on one per React flush, not one per view", () => {
    const pieces = asReactWrites(["<html><head>", "<title>T</title>", "</head><body>", "<p>1</p>", "<p>2</p>", "</body>"], [2, 4]);
    expect(pieces.map(String)).toEqual(["<html><head><title>T</title></head><body>", "<p>1</p><p>2</p>"]);
  });

  it("wait for the head to be whole, even over a flush", () => {
    const pieces = asReactWrites(['<html><head><link rel="modulepreload" href="/a.js"/>', "</head><body></body>"], [0, 1]);
    expect(pieces.map(String)).toEqual(['<html><head><link rel="modulepreload" fetchpriority="low" href="/a.js"/></head><body></body>']);
  });
});

describe("the head's module preloads", () => {
  it("are marked low, whatever the chunks, and nothing else changes", async () => {
    const expected = page.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');
    for (const size of [1, 2, 3, 7, 64, page.length]) expect(await through(size)).toBe(expected);
  });

  it("leaves the body alone, even where its markup reads like a preload", async () => {
    const body = '<body><link rel="modulepreload" href="/late.js"/></body>';
    const out = await through(5, `<html><head></head>${body}</html>`);
    expect(out).toBe(`<html><head></head>${body}</html>`);
  });

  it("passes on a document that never closes its head as it came", async () => {
    const broken = '<html><head><link rel="modulepreload" href="/a.js"/><title>Lücke';
    expect(await through(4, broken)).toBe(broken);
  });
});
