/**
 * The base address a seller gives for a file whose image column holds
 * relative paths (`images/123.jpg`, `/media/123.jpg`, as shop exports write
 * them), and the addresses those paths come to.
 *
 * A base passes the rules of an image address (image-address.ts): https, no
 * user name or password, no host inside the network. It is taken as a
 * directory (`https://cdn.example.com/shop` is `https://cdn.example.com/shop/`),
 * without query or fragment. A path is resolved against it as a browser
 * resolves a link on a page at that address: `images/1.jpg` below it,
 * `/media/1.jpg` from its host's root, `../1.jpg` one directory up (never
 * above the host), its query kept; `//cdn.example.com/1.jpg` names its own
 * host and takes https. An address with a scheme of its own stays as written.
 *
 * Pure: the image checks (image-checks.server.ts) and the base's form use it.
 */
import { isRelativeImageAddress, maxImageUrlChars } from "#contract/catalogue-images.ts";
import { imageAddress } from "./image-address.ts";
import { isRelativePath } from "./mime-source.ts";

/** A base address the form's action refused, shown again in its form: what was typed, and why. */
export type ImageBaseTyped = { typed: string; error: string };

/** Why a base is refused, as a key of the catalogueImages.base.errors texts. */
export type ImageBaseRefusal = "notAnAddress" | "notHttps" | "credentials" | "insideNetwork" | "tooLong";

/** The base as it is kept (a directory, no query or fragment), or why it is refused. `allowedOrigin`: as for a check. */
export function imageBaseOf(text: string, allowedOrigin: string | null = null): { ok: true; base: string } | { ok: false; refusal: ImageBaseRefusal } {
  const trimmed = text.trim();
  if (trimmed.length > maxImageUrlChars) return { ok: false, refusal: "tooLong" };
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) return { ok: false, refusal: "notAnAddress" };
  const judged = imageAddress(trimmed, allowedOrigin);
  if (!judged.ok) {
    const refusal = { NOT_HTTPS: "notHttps", CREDENTIALS_IN_ADDRESS: "credentials", INSIDE_NETWORK: "insideNetwork" } as const;
    return { ok: false, refusal: judged.reason in refusal ? refusal[judged.reason as keyof typeof refusal] : "notAnAddress" };
  }
  const base = new URL(judged.url);
  base.search = "";
  base.hash = "";
  if (!base.pathname.endsWith("/")) base.pathname = `${base.pathname}/`;
  return { ok: true, base: base.href };
}

/**
 * The address to check for an image address as the file writes it: a relative path (or a protocol-relative address)
 * resolved against `base`; anything else, or anything when there is no base, as written (a relative path then stays
 * one: RELATIVE_PATH). A protocol-relative address takes https with or without a base.
 */
export function resolveImageAddress(written: string, base: string | null): string {
  const text = written.trim();
  if (!isRelativeImageAddress(text)) return written;
  const path = text.replace(/\\/g, "/");
  if (path.startsWith("//")) return tryUrl(path, "https://example.invalid/") ?? written;
  if (base === null || !isRelativePath(text)) return written;
  return tryUrl(path, base) ?? written;
}

function tryUrl(path: string, base: string): string | null {
  try {
    const href = new URL(path, base).href;
    return href.length <= maxImageUrlChars ? href : null;
  } catch {
    return null;
  }
}
