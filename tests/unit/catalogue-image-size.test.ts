/** An image's format and size read from its first bytes: the sandbox's real pictures, and headers cut short or broken. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { imageHead } from "#app/lib/catalogue/image-size.ts";

const picture = (name: string) => new Uint8Array(readFileSync(new URL(`../../sandbox/images/${name}`, import.meta.url)));

describe("imageHead", () => {
  it.each([
    ["large.jpg", "JPEG", 800, 800],
    ["progressive.jpg", "JPEG", 700, 700],
    ["small.jpg", "JPEG", 200, 200],
    ["large.png", "PNG", 640, 600],
    ["small.png", "PNG", 300, 240],
    ["large.gif", "GIF", 600, 720],
    ["small.gif", "GIF", 120, 90],
    ["large.webp", "WEBP", 800, 800],
    ["small.webp", "WEBP", 480, 480],
  ])("reads %s as %s of %i × %i", (name, format, width, height) => {
    expect(imageHead(picture(name))).toEqual({ kind: "size", format, width, height });
  });

  it("needs no more than the header: the first bytes of each picture suffice", () => {
    expect(imageHead(picture("large.png").subarray(0, 24))).toMatchObject({ kind: "size", width: 640 });
    expect(imageHead(picture("large.gif").subarray(0, 10))).toMatchObject({ kind: "size", height: 720 });
    expect(imageHead(picture("large.webp").subarray(0, 30))).toMatchObject({ kind: "size", width: 800 });
  });

  it("asks for more bytes while the JPEG frame header has not come", () => {
    const jpeg = picture("large.jpg");
    expect(imageHead(jpeg.subarray(0, 3))).toEqual({ kind: "more" });
    expect(imageHead(jpeg.subarray(0, 40))).toEqual({ kind: "more" });
  });

  it("skips a JPEG's metadata segments to the frame header", () => {
    const jpeg = picture("large.jpg");
    // An APP1 segment of 30 000 bytes put before the rest: the size is still read.
    const app1 = new Uint8Array(4 + 30_000);
    app1.set([0xff, 0xe1, (30_002 >> 8) & 0xff, 30_002 & 0xff]);
    const padded = new Uint8Array([...jpeg.subarray(0, 2), ...app1, ...jpeg.subarray(2)]);
    expect(imageHead(padded)).toEqual({ kind: "size", format: "JPEG", width: 800, height: 800 });
  });

  it("reads a WebP's extended header (VP8X)", () => {
    const vp8x = new Uint8Array(30);
    vp8x.set([...Buffer.from("RIFF"), 0, 0, 0, 0, ...Buffer.from("WEBPVP8X"), 10, 0, 0, 0, 0x10, 0, 0, 0]);
    // Canvas 1200 × 900, stored less one, 24 bits little-endian.
    vp8x.set([0xaf, 0x04, 0x00, 0x83, 0x03, 0x00], 24);
    expect(imageHead(vp8x)).toEqual({ kind: "size", format: "WEBP", width: 1200, height: 900 });
  });

  it("knows no other format, and no broken header", () => {
    expect(imageHead(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="900" height="900"/>'))).toEqual({ kind: "unknown" });
    expect(imageHead(new TextEncoder().encode("<!doctype html><html>"))).toEqual({ kind: "unknown" });
    const png = picture("large.png").slice(0, 24);
    png.set([0, 0, 0, 0], 12);
    expect(imageHead(png)).toEqual({ kind: "unknown" });
    const zero = picture("large.png").slice(0, 24);
    zero.set([0, 0, 0, 0], 16);
    expect(imageHead(zero)).toEqual({ kind: "unknown" });
  });
});
