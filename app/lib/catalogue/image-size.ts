/**
 * An image's format and size in pixels, read from its first bytes: JPEG
 * (the first start-of-frame marker), PNG (IHDR), GIF (the logical screen)
 * and WebP (VP8, VP8L and VP8X). The checker reads at most the first 64 KB
 * of an image (`IMAGE_HEAD_BYTES`): a JPEG whose frame header comes after
 * that much metadata counts as unreadable, never as fetched further.
 */

export type ImageFormat = "JPEG" | "PNG" | "GIF" | "WEBP";

/** The most of an image the checker reads. */
export const IMAGE_HEAD_BYTES = 64 * 1024;

export type ImageHead =
  | { kind: "size"; format: ImageFormat; width: number; height: number }
  /** More bytes are needed (the frame header has not come yet). */
  | { kind: "more" }
  /** Not one of the four formats, or a broken header. */
  | { kind: "unknown" };

const MORE = { kind: "more" } as const;
const UNKNOWN = { kind: "unknown" } as const;

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  return signature.every((byte, index) => bytes[at + index] === byte);
}

const u16be = (bytes: Uint8Array, at: number) => (bytes[at]! << 8) | bytes[at + 1]!;
const u16le = (bytes: Uint8Array, at: number) => bytes[at]! | (bytes[at + 1]! << 8);
const u24le = (bytes: Uint8Array, at: number) => bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16);
const u32be = (bytes: Uint8Array, at: number) => ((bytes[at]! << 24) >>> 0) + (bytes[at + 1]! << 16) + (bytes[at + 2]! << 8) + bytes[at + 3]!;

const size = (format: ImageFormat, width: number, height: number): ImageHead => (width > 0 && height > 0 ? { kind: "size", format, width, height } : UNKNOWN);

/** Start-of-frame markers (baseline, progressive, lossless…), not DHT (C4), JPG (C8) or DAC (CC). */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpeg(bytes: Uint8Array): ImageHead {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return UNKNOWN;
    const marker = bytes[at + 1]!;
    // Fill bytes before a marker.
    if (marker === 0xff) {
      at++;
      continue;
    }
    // Markers without a length.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return UNKNOWN;
    const length = u16be(bytes, at + 2);
    if (length < 2) return UNKNOWN;
    if (isStartOfFrame(marker)) {
      if (at + 9 > bytes.length) return MORE;
      return size("JPEG", u16be(bytes, at + 7), u16be(bytes, at + 5));
    }
    at += 2 + length;
  }
  return MORE;
}

function png(bytes: Uint8Array): ImageHead {
  if (bytes.length < 24) return MORE;
  if (!startsWith(bytes, [0x49, 0x48, 0x44, 0x52], 12)) return UNKNOWN;
  return size("PNG", u32be(bytes, 16), u32be(bytes, 20));
}

function gif(bytes: Uint8Array): ImageHead {
  if (bytes.length < 10) return MORE;
  return size("GIF", u16le(bytes, 6), u16le(bytes, 8));
}

function webp(bytes: Uint8Array): ImageHead {
  if (bytes.length < 30) return MORE;
  const chunk = String.fromCharCode(bytes[12]!, bytes[13]!, bytes[14]!, bytes[15]!);
  if (chunk === "VP8 ") {
    // A key frame's start code, then 14-bit width and height.
    if (!startsWith(bytes, [0x9d, 0x01, 0x2a], 23)) return UNKNOWN;
    return size("WEBP", u16le(bytes, 26) & 0x3fff, u16le(bytes, 28) & 0x3fff);
  }
  if (chunk === "VP8L") {
    if (bytes[20] !== 0x2f) return UNKNOWN;
    const bits = bytes[21]! | (bytes[22]! << 8) | (bytes[23]! << 16) | (bytes[24]! << 24);
    return size("WEBP", (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === "VP8X") return size("WEBP", u24le(bytes, 24) + 1, u24le(bytes, 27) + 1);
  return UNKNOWN;
}

/** What the first bytes of an image say: its format and size, that more bytes are needed, or that it is none of the four. */
export function imageHead(bytes: Uint8Array): ImageHead {
  if (bytes.length < 4) return MORE;
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return jpeg(bytes);
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return png(bytes);
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return gif(bytes);
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46])) {
    if (bytes.length < 16) return MORE;
    return startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8) ? webp(bytes) : UNKNOWN;
  }
  return bytes.length < 8 ? MORE : UNKNOWN;
}

/** The smallest image the marketplace takes, in pixels each way. */
export const MIN_IMAGE_PIXELS = 500;
