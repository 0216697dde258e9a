/**
 * The one check every return target passes (last-url, the language switch,
 * the home menu, the trailing-slash rule, and any later one): a path on this
 * origin ("/home?x=1"), never a URL that could send the user elsewhere.
 *
 * The value is resolved first (dot segments, as a browser would) and checked
 * afterwards: "/.//evil.example" resolves to "//evil.example", which a
 * browser reads as another host.
 */

/** Longer return targets are refused rather than carried around in cookies and headers. */
export const MAX_RETURN_PATH_LENGTH = 2048;

const BASE = "http://portal.invalid";

export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_RETURN_PATH_LENGTH) return undefined;
  // Browsers drop tabs and newlines inside URLs and read backslashes as slashes,
  // so "/\t/evil.example" and "/\\evil.example" both reach another host.
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return undefined;
  if (!value.startsWith("/") || value.startsWith("//")) return undefined;

  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return undefined;
  }
  if (url.origin !== BASE) return undefined;
  const path = url.pathname;
  // After resolving: a path that starts with two slashes (or a slash and an
  // encoded slash or backslash) would be read as another host on the next hop.
  if (path.startsWith("//") || /^\/(%2f|%5c)/i.test(path)) return undefined;
  // Encoded slashes and backslashes have no place in the portal's paths; a
  // server or proxy that decodes them would see a different path than we checked.
  if (/%2f|%5c/i.test(path)) return undefined;
  return path + url.search;
}
