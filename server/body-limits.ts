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
export const BODY_LIMITS: readonly BodyLimit[] = [];

/** The limit for a request to this path: its own when registered, else the default. */
export function bodyLimitFor(pathname: string, limits: readonly BodyLimit[] = BODY_LIMITS): number {
  const routePath = pathname === "/_.data" ? "/" : pathname.replace(/\.data$/, "").replace(/(.)\/+$/, "$1");
  return limits.find((limit) => limit.path === routePath)?.maxBytes ?? DEFAULT_BODY_LIMIT;
}
