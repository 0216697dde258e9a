/**
 * How large a request body may be: the one declared place for it.
 *
 * Every request body is cut off at DEFAULT_BODY_LIMIT (form posts, `.data`
 * requests, resource routes alike) and answered 413. A route that takes
 * uploads registers its own limit here, by path, with a line saying why;
 * nothing else in the portal raises a limit. See docs/decisions/005-request-guards.md.
 */

export const MiB = 1024 * 1024;
export const GiB = 1024 * MiB;

/** Forms carry a few kilobytes; 1 MB leaves room for long texts and nothing else. */
export const DEFAULT_BODY_LIMIT = 1 * MiB;

export type BodyLimit = {
  /** The route's path as in app/routes.ts, without `.data` (which counts as the same route). */
  path: string;
  maxBytes: number;
  /** What the route receives, so the next reader knows the number is deliberate. */
  why: string;
};

/**
 * Upload routes and their limits. Add a line per upload route, e.g.
 * `{ path: "/shop-setup/documents", maxBytes: 10 * MiB, why: "PDF and image documents of a few MB" }`.
 */
export const BODY_LIMITS: readonly BodyLimit[] = [
  // Onboarding: the three company documents of at most 5 MB each, and form fields; the route also cuts off as the bytes arrive.
  { path: "/shop-setup/documents", maxBytes: 15 * MiB + 64 * 1024, why: "company documents (PDF, JPEG, PNG), three of at most 5 MB each" },
  { path: "/shop-setup/identification", maxBytes: 15 * MiB + 64 * 1024, why: "a scan of an identity document of at most 5 MB, and the step's fields" },
  // My company: a new version of a legal document (at most 5 MB) and its kind.
  { path: "/home/my-company/legal-documents/new", maxBytes: 5 * MiB + 64 * 1024, why: "one legal document (PDF, JPEG, PNG) of at most 5 MB" },
  ...["/upload/catalog", "/upload/catalog/file", "/home/catalogue", "/home/catalogue/file"].map((path) => ({
    path,
    maxBytes: 64 * GiB,
    why:
      "catalogue files stream through to the catalogue upload service (a 2 GB CSV is normal); the route enforces " +
      "CATALOGUE_UPLOAD_MAX_BYTES (default 5 GiB) itself as the bytes arrive, with a translated answer, so this bound only stops the absurd",
  })),
];

/** The limit for a request to this path: its own when registered, else the default. */
export function bodyLimitFor(pathname: string, limits: readonly BodyLimit[] = BODY_LIMITS): number {
  const routePath = pathname === "/_.data" ? "/" : pathname.replace(/\.data$/, "").replace(/(.)\/+$/, "$1");
  return limits.find((limit) => limit.path === routePath)?.maxBytes ?? DEFAULT_BODY_LIMIT;
}
