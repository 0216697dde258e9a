/**
 * Upstream paths that stay where they are written. An id goes into a path
 * segment percent-encoded, but encoding leaves `.` and `..` as they are, and
 * `new URL()` resolves them: `…/changes/${".."}` would reach `…/seller/<id>/`,
 * another endpoint. So every variable segment goes through `upstreamPath`,
 * which refuses an empty, `.` or `..` value, and `assertPlainPath` refuses any
 * path with such a segment before a request is made (the last line: ids are
 * checked against their pattern where they enter, see `requireUpstreamId`).
 */
import { data } from "react-router";
import { isUpstreamId } from "#app/lib/upstream-id.ts";

export class UnsafeUpstreamPath extends Error {
  override name = "UnsafeUpstreamPath";
}

/** `.`, `..` and their percent-encoded spellings, which URL parsers treat as dot segments too. */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/** Whether one segment (as it will stand in the URL) is empty or a dot segment. */
function unsafeSegment(segment: string): boolean {
  return segment === "" || DOT_SEGMENT.test(segment);
}

/**
 * A path template whose values are each one segment (or part of one), percent-encoded; a value that is empty, `.`
 * or `..`, or that would leave its segment empty or a dot segment, is refused (`UnsafeUpstreamPath`).
 */
export function upstreamPath(template: TemplateStringsArray, ...values: readonly string[]): string {
  let path = template[0]!;
  values.forEach((value, index) => {
    if (value === "" || value === "." || value === "..") throw new UnsafeUpstreamPath(`refused path segment ${JSON.stringify(value)} in ${template.join("…")}`);
    path += encodeURIComponent(value) + template[index + 1]!;
  });
  assertPlainPath(path);
  return path;
}

/** Refuses a path that is not absolute, or that holds an empty or dot segment (`//`, `/./`, `/../`, a trailing `/`). */
export function assertPlainPath(path: string): void {
  if (!path.startsWith("/")) throw new UnsafeUpstreamPath(`upstream path ${JSON.stringify(path)} is not absolute`);
  if (path === "/") return;
  if (path.slice(1).split("/").some(unsafeSegment)) throw new UnsafeUpstreamPath(`refused upstream path ${JSON.stringify(path)}`);
}

/**
 * The id as it was given, when it is one (see UPSTREAM_ID); otherwise the request is answered 400 "what your
 * browser sent cannot be read", before any upstream call.
 */
export function requireUpstreamId(value: unknown): string {
  if (isUpstreamId(value)) return value;
  throw data({ message: null }, { status: 400 });
}
