import { z } from "zod";

/**
 * An id as the marketplace's services hand them out (`seller-…`, `file-…`,
 * `change-…`, `doc-…`, `ra-…`): a letter or digit, then letters, digits and
 * `_ . : -`, at most 200 characters. Whatever else a form, a query or an
 * address holds where an id belongs (empty, `.`, `..`, a slash) is none of
 * theirs and never goes upstream.
 */
export const UPSTREAM_ID = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,199}$/;

export function isUpstreamId(value: unknown): value is string {
  return typeof value === "string" && UPSTREAM_ID.test(value);
}

/** The same rule as a schema, for forms and queries parsed with zod. */
export const UpstreamId = z.string().regex(UPSTREAM_ID, "invalidId");
