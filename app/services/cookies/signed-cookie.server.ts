/**
 * A signed cookie that React Router's `createCookie` writes and this module
 * reads. Reading is what every request does (the session cookie); React
 * Router verifies the signature through WebCrypto, which imports the key and
 * runs the HMAC as an asynchronous job each time, and decodes the value one
 * character at a time: together about a twentieth of a signed-in page's
 * server CPU. The same check with node:crypto is synchronous and the same
 * decoding is one Buffer call. Writing (rare: only when the session changed)
 * stays React Router's, so the format is its format, and a cookie written by
 * either is read by both (tests/unit/signed-cookie.test.ts).
 */
import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from "node:crypto";
import { createCookie, type Cookie, type CookieOptions } from "react-router";

/**
 * The value of the first cookie of this name in a Cookie header, read as
 * React Router reads it (cookie-es: the first one wins, spaces and tabs
 * around it trimmed, %-escapes decoded when they decode).
 */
export function cookieValue(header: string, name: string): string | undefined {
  let index = 0;
  while (index < header.length) {
    const end = header.indexOf(";", index);
    const pairEnd = end === -1 ? header.length : end;
    const eq = header.indexOf("=", index);
    if (eq !== -1 && eq < pairEnd && header.slice(index, eq).trim() === name) {
      const raw = header.slice(eq + 1, pairEnd).replace(/^[ \t]+|[ \t]+$/g, "");
      if (!raw.includes("%")) return raw;
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
    index = pairEnd + 1;
  }
  return undefined;
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** The signed part of `value.signature`, or false when the signature is not this key's HMAC-SHA256 of it. */
function unsign(signed: string, key: KeyObject): string | false {
  const dot = signed.lastIndexOf(".");
  if (dot === -1) return false;
  const value = signed.slice(0, dot);
  // React Router writes the base64 signature without its "=" padding.
  const expected = Buffer.from(createHmac("sha256", key).update(value, "utf8").digest("base64").replace(/=+$/, ""), "latin1");
  const given = Buffer.from(signed.slice(dot + 1), "latin1");
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : false;
}

/** React Router's encoding: base64 of the UTF-8 of the JSON. Unreadable data reads as {} (as React Router has it). */
function decodeCookieData(value: string): unknown {
  try {
    return JSON.parse(strictUtf8.decode(Buffer.from(value, "base64")));
  } catch {
    return {};
  }
}

/** A signed cookie (at least one secret; the first signs, any verifies) read synchronously with node:crypto. */
export function signedCookie(name: string, options: CookieOptions & { secrets: string[] }): Cookie {
  if (options.secrets.length === 0) throw new Error(`The signed cookie ${name} needs a secret`);
  const cookie = createCookie(name, options);
  const keys = options.secrets.map((secret) => createSecretKey(Buffer.from(secret, "utf8")));
  return {
    get name() {
      return cookie.name;
    },
    get isSigned() {
      return true;
    },
    get expires() {
      return cookie.expires;
    },
    async parse(cookieHeader, parseOptions) {
      // Parse options (a custom decode) are React Router's business.
      if (parseOptions) return cookie.parse(cookieHeader, parseOptions);
      if (!cookieHeader) return null;
      const value = cookieValue(cookieHeader, name);
      if (value === undefined) return null;
      if (value === "") return "";
      for (const key of keys) {
        const unsigned = unsign(value, key);
        if (unsigned !== false) return decodeCookieData(unsigned);
      }
      return null;
    },
    serialize(value, serializeOptions) {
      return cookie.serialize(value, serializeOptions);
    },
  };
}
