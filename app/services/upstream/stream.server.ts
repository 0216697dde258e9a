/**
 * Streamed upstream requests: a body that flows through without being
 * buffered (catalogue uploads) or an answer handed on as a stream (downloads).
 * Same key, bearer, language and logging rules as the JSON core; failures
 * become the same UpstreamError.
 */
import { acceptLanguage, buildUrl, loggablePath, readErrorBody, type CallContext, type QueryValue, type ServiceConfig } from "./http.server";
import { UpstreamError } from "./upstream-error.server";

export type StreamRequest = {
  method: "GET" | "POST";
  path: string;
  query?: Record<string, QueryValue>;
  /** Streamed as it is read; never teed or buffered (see STACK.md: `redirect: "error"`, `duplex: "half"`). */
  body?: ReadableStream<Uint8Array>;
  contentType?: string;
  /** Ends the request early (the browser went away, a limit was hit, the upload stalled). */
  signal?: AbortSignal;
};

/** RequestInit as Node's fetch takes it: a streamed body needs `duplex`, which the DOM types lack. */
type StreamingInit = RequestInit & { duplex?: "half" };

/**
 * The answer's status line and headers within the service's timeout; the
 * body then flows for as long as it takes (the caller's signal ends it).
 */
export async function streamService(service: ServiceConfig, ctx: CallContext, request: StreamRequest): Promise<Response> {
  const url = buildUrl(service, request.path, request.query);
  const headers: Record<string, string> = {
    Accept: "application/json, */*",
    "Accept-Language": acceptLanguage(ctx.locale),
    "X-Request-Id": ctx.requestId,
  };
  if (service.bearer && ctx.accessToken) headers.Authorization = `Bearer ${ctx.accessToken}`;
  if (request.contentType) headers["Content-Type"] = request.contentType;

  const started = performance.now();
  const fail = (status: number, body: ConstructorParameters<typeof UpstreamError>[0]["body"], cause?: unknown) => {
    ctx.log.warn(
      { upstream: service.name, method: request.method, path: loggablePath(url), status, durationMs: Math.round(performance.now() - started), errorCode: body.errorCode },
      "upstream request failed",
    );
    return new UpstreamError({ service: service.name, method: request.method, path: request.path, status, body, cause });
  };

  // Uploads answer only after the last byte, so only a download's answer is timed;
  // the timer stops once the headers are in, or it would cut a long body off.
  const answerTimeout = new AbortController();
  const timer = request.body ? undefined : setTimeout(() => answerTimeout.abort(), service.timeoutMs);
  const signals = [request.signal, answerTimeout.signal].filter((signal): signal is AbortSignal => Boolean(signal));
  const init: StreamingInit = {
    method: request.method,
    headers,
    body: request.body,
    duplex: request.body ? "half" : undefined,
    credentials: "omit",
    redirect: "error",
    signal: AbortSignal.any(signals),
  };

  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (cause) {
    if (request.signal?.aborted) throw request.signal.reason ?? cause;
    const timedOut = answerTimeout.signal.aborted;
    throw fail(0, { message: timedOut ? "timeout" : "unreachable", errorCode: timedOut ? "UPSTREAM_TIMEOUT" : "UPSTREAM_UNREACHABLE" }, cause);
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok) throw fail(response.status, await readErrorBody(response));
  return response;
}
