/**
 * A BMEcat picture's address. BMEcat (1.2 and 2005) names a product's
 * picture in MIME_INFO/MIME/MIME_SOURCE, which is either an absolute address
 * or, as most wholesalers' exports write it, a path relative to the
 * catalogue's base directory for its multimedia files, HEADER/CATALOG/
 * MIME_ROOT (`bilder/12345.jpg` under `https://cdn.example.com/katalog/`).
 * A relative path is resolved against MIME_ROOT when MIME_ROOT is a web
 * address; otherwise it stays as written, and the image check says it is
 * a relative path without an address (never fetched, never guessed).
 *
 * Pure: used by the BMEcat reader (reading/bmecat-reader.ts) and the image
 * address rules (image-address.ts).
 */

/** A scheme (`https:`, `ftp:`, `data:`, `file:`) or a protocol-relative `//host`: an address of its own, not a path. */
const ABSOLUTE = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;
/** A Windows drive (`C:\Bilder`, `D:/x`): a local path, though it looks like a scheme. */
const DRIVE = /^[a-z]:[\\/]/i;

/** Whether `text` is a path with no address of its own (`bilder/12345.jpg`, `/media/1.jpg`, `C:\Bilder\1.jpg`). */
export function isRelativePath(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed === "") return false;
  if (DRIVE.test(trimmed)) return true;
  return !ABSOLUTE.test(trimmed) && looksLikePath(trimmed);
}

/** A file name with an extension, or a path of segments: what a relative picture reference looks like. */
function looksLikePath(text: string): boolean {
  return /[\\/]/.test(text) || /\.[a-z0-9]{2,5}$/i.test(text);
}

/** MIME_ROOT as a base to resolve against: an absolute http(s) address without credentials, as a directory. */
export function mimeRootBase(mimeRoot: string | null | undefined): URL | null {
  const text = (mimeRoot ?? "").trim().replace(/\\/g, "/");
  if (!/^https?:\/\//i.test(text)) return null;
  try {
    const base = new URL(text);
    // Query and fragment of a base never belong to the picture's address; the root is a directory.
    base.search = "";
    base.hash = "";
    if (!base.pathname.endsWith("/")) base.pathname = `${base.pathname}/`;
    return base.username || base.password ? null : base;
  } catch {
    return null;
  }
}

/**
 * A MIME_SOURCE as the address to check: absolute ones as written; a relative
 * path resolved under MIME_ROOT when that is a web address (the path's
 * backslashes as slashes, a leading `./` or `/` taken as "under the root",
 * `..` never climbing above it); otherwise the path as written.
 */
export function resolveMimeSource(source: string, mimeRoot: string | null | undefined): string {
  const text = source.trim();
  if (!isRelativePath(text) || DRIVE.test(text)) return text;
  const base = mimeRootBase(mimeRoot);
  if (!base) return text;
  const segments: string[] = [];
  for (const segment of text.replace(/\\/g, "/").split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") segments.pop();
    else segments.push(segment);
  }
  if (segments.length === 0) return text;
  try {
    return new URL(segments.map((segment) => encodeURIComponent(decodeSafely(segment))).join("/"), base).href;
  } catch {
    return text;
  }
}

/** A segment already percent-encoded stays so (decoded first, encoded once); one with a stray `%` is taken as written. */
function decodeSafely(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
