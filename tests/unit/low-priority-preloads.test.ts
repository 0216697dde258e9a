import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "~/shared/http/low-priority-preloads.server";

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
  return text(Readable.from(chunks).pipe(lowPriorityModulePreloads()));
}

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
