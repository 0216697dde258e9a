/**
 * The upstream failures the fault matrix injects, and what the portal must
 * make of each: whether the service answered (a 502 page naming its facts)
 * or not (a 503 page saying the services cannot be reached), and whether a
 * non-mutating call is tried a second time (docs/product.md §3: once, on the
 * listed statuses; a mutating call never).
 */
import type { FaultRule } from "./matrix-stack";

/** The portal's upstream timeout in the matrices' stack: short, so a timeout costs little, yet far above a sandbox call's time. */
export const MATRIX_UPSTREAM_TIMEOUT_MS = 1_000;

export type FaultKind = {
  name: string;
  rule: Omit<FaultRule, "pattern" | "method">;
  /** The service answered with a failure (502), rather than not at all (503). */
  answered: boolean;
  /** A non-mutating call meeting it is tried exactly twice. */
  retried: boolean;
  /** The service's own message, which the page must show. */
  message?: string;
  /** The service carries the request out and only its answer fails; otherwise a write never happened. */
  acts: boolean;
  /** The error code the portal shows for it (the service's own, or the portal's name for what went wrong). */
  code?: RegExp;
};

export const FAULT_KINDS: readonly FaultKind[] = [
  { name: "500", rule: { status: 500 }, answered: true, retried: true, message: "Injected fault", acts: false, code: /INJECTED_FAULT/ },
  { name: "503", rule: { status: 503 }, answered: true, retried: true, message: "Injected fault", acts: false, code: /INJECTED_FAULT/ },
  // Waits past the portal's timeout, then drops the connection: the service never acts on it. An upload's stream is
  // timed only while it stalls, so an upload meets the drop (unreachable) rather than the timeout.
  {
    name: "timeout",
    rule: { latencyMs: MATRIX_UPSTREAM_TIMEOUT_MS + 500, drop: true },
    answered: false,
    retried: false,
    acts: false,
    code: /UPSTREAM_TIMEOUT|UPSTREAM_UNREACHABLE/,
  },
  { name: "dropped connection", rule: { drop: true }, answered: false, retried: false, acts: false, code: /UPSTREAM_UNREACHABLE/ },
  // Half of a JSON answer, the rest never sent (a serialiser or proxy that broke off): the service never ran.
  { name: "malformed JSON", rule: { malformedJson: true }, answered: true, retried: false, acts: false, code: /UPSTREAM_CONTRACT/ },
  // The answer starts, then the connection breaks: a few bytes are too few for any whole JSON answer.
  // The service did its work (an answer without a body, such as a DELETE's 204, goes out whole).
  { name: "body breaks off", rule: { dropAfterBytes: 8 }, answered: false, retried: false, acts: true, code: /UPSTREAM_UNREACHABLE/ },
];

/** The calls every signed-in request makes in the shell's middleware: the session's check and the seller's state. */
export const MIDDLEWARE_CALLS = [/^\/user-profile\/me\/sessions\//, /^\/onboarding\/me\/seller\/state$/];

export const isMiddlewareCall = (path: string) => MIDDLEWARE_CALLS.some((pattern) => pattern.test(path));

export const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * A fault rule's pattern that fails one path and no other: a pattern without `*` is a prefix (`/onboarding/me/seller`
 * would fail `/onboarding/me/seller/state` too), one with `*` a glob over the whole path, and every path starts with
 * its service's prefix.
 */
export const onlyPath = (path: string) => `*${path}`;

/** The words the portal uses for a failure it names itself: never shown to a person as they are (a translated text is). */
export const RAW_FAILURE_WORDS = /^(unreachable|timeout|unexpected answer)$/;
