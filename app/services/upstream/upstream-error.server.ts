import type { UpstreamErrorBody } from "#contract/upstream.ts";
import { data } from "react-router";

/**
 * One shape for every failed upstream call: what the service said (message,
 * errors list, error code, detail/errorId/fault) and where it happened.
 * `status` is 0 when no answer came (timeout, refused or dropped connection).
 */
export class UpstreamError extends Error {
  override name = "UpstreamError";
  readonly service: string;
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly body: UpstreamErrorBody;

  constructor(init: { service: string; method: string; path: string; status: number; body: UpstreamErrorBody; cause?: unknown }) {
    super(init.body.message ?? `${init.service} answered ${init.status}`, { cause: init.cause });
    this.service = init.service;
    this.method = init.method;
    this.path = init.path;
    this.status = init.status;
    this.body = init.body;
  }

  /** detail, errorId or fault: whichever the service gave, for support. */
  get reference(): string | undefined {
    return this.body.detail ?? this.body.errorId ?? this.body.fault;
  }

  get unreachable(): boolean {
    return this.status === 0;
  }
}

/**
 * What a failed upstream call means for the request that made it. The
 * service's 4xx answers are about what was asked, not a failing service: 404
 * (or 410) "not there" (another seller's document or file, one deleted in the
 * meantime), 409 "not in this state" (marking active a seller whose mapping is
 * not finished), 400 (or 422) "not accepted as sent" (a file name the service
 * refuses), 413 too large. 503 when no answer came; 502 only for the service's
 * own failures (5xx, or an answer outside its contract), the ones an alert on
 * 5xx is for.
 */
export function failureStatus(error: UpstreamError): number {
  if (error.unreachable) return 503;
  switch (error.status) {
    case 400:
    case 422:
      return 400;
    case 404:
    case 410:
      return 404;
    case 409:
      return 409;
    case 413:
      return 413;
    default:
      return 502;
  }
}

/**
 * An upstream call made for a page (loader or middleware): a failure becomes
 * the route's error view with the service's message, errors list, code and
 * reference, with the status failureStatus gives it.
 */
export function orRouteError<T>(work: Promise<T>): Promise<T> {
  return work.catch((error: unknown) => {
    if (!(error instanceof UpstreamError)) throw error;
    throw routeErrorOf(error);
  });
}

/** The route error of a failed upstream call (see orRouteError), with what else the error page needs to know. */
export function routeErrorOf(error: UpstreamError, extra: object = {}) {
  return data(
    {
      service: error.service,
      // Without an answer there is no service's message: the portal's own explanation says what happened.
      message: error.unreachable ? null : (error.body.message ?? null),
      errorCode: error.body.errorCode ?? null,
      errors: error.body.errors ?? [],
      reference: error.reference ?? null,
      ...extra,
    },
    { status: failureStatus(error) },
  );
}

/**
 * Hands back a call's outcome as a value: an upstream failure is a result to
 * show (one failing part of a page must not fail the rest); anything else,
 * such as the redirect that ends a session on an upstream 401, goes on up.
 */
export function settle<T>(work: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: UpstreamError }> {
  return work.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => {
      if (error instanceof UpstreamError) return { ok: false as const, error };
      throw error;
    },
  );
}
