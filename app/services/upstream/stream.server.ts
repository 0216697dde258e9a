/**
 * Streamed upstream requests: a body that flows through without being
 * buffered (catalogue uploads) or an answer handed on as a stream (downloads).
 * Same key, bearer, language and logging rules as the JSON core; failures
 * become the same UpstreamError.
 *
 * An upload's body is a Node stream written into a plain node:http(s) request:
 * through fetch every chunk would pass two stream adapters and undici's body
 * machinery, which for a catalogue of gigabytes cost more CPU than the rest
 * of the portal's work on it. node:http follows no redirect and holds nothing
 * back. Downloads stay on fetch (ADR 009: the leaner path kept more garbage
 * buffers between collections, past the memory bound).
 */
import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import { giveBack } from "../chunk-leases.server";
import { webHeaders } from "../node-body.server";
import { acceptLanguage, buildUrl, loggablePath, readErrorBody, upstreamRequest, type CallContext, type QueryValue, type ServiceConfig } from "./http.server";
import { UpstreamError } from "./upstream-error.server";

export type StreamRequest = {
  method: "GET" | "POST";
  path: string;
  query?: Record<string, QueryValue>;
  /** Streamed as it is read, with backpressure; never teed or buffered. */
  body?: Readable;
  contentType?: string;
  /** Ends the request early (the browser went away, a limit was hit, the upload stalled). */
  signal?: AbortSignal;
};

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
  const signal = AbortSignal.any(signals);

  let response: Response;
  try {
    response = request.body
      ? await sendStreamed(url, request.method, headers, request.body, signal)
      : await fetch(url, { method: request.method, headers, credentials: "omit", redirect: "error", signal });
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

/**
 * Writes `body` to the service as it arrives (pausing it while the socket is
 * full); resolves with the answer once its status line and headers are in.
 * Each chunk is given back (chunk-leases.server.ts) once the socket has
 * written it, which a pipe would not tell.
 */
function sendStreamed(url: URL, method: string, headers: Record<string, string>, body: Readable, signal: AbortSignal): Promise<Response> {
  return new Promise((resolve, reject) => {
    const outgoing = upstreamRequest(url, { method, headers, signal }, (incoming) => resolve(asResponse(incoming)));
    outgoing.on("error", reject);
    outgoing.on("drain", () => body.resume());
    body.on("error", (error) => outgoing.destroy(error));
    body.on("data", (chunk: Buffer) => {
      // Corked, the chunk's framing (its length line, the chunk, the line break) leaves in one write, not a 4-byte one first.
      const socket = outgoing.socket;
      socket?.cork();
      const more = outgoing.write(chunk, (error) => {
        if (!error) giveBack(chunk);
      });
      socket?.uncork();
      if (!more) body.pause();
    });
    body.on("end", () => outgoing.end());
  });
}

function asResponse(incoming: IncomingMessage): Response {
  const status = incoming.statusCode ?? 502;
  const init = { status, statusText: incoming.statusMessage, headers: webHeaders(incoming.headers) };
  if (status === 204 || status === 304) {
    incoming.resume();
    return new Response(null, init);
  }
  // The upload's answer is a small JSON document.
  return new Response(Readable.toWeb(incoming) as unknown as ReadableStream<Uint8Array>, init);
}
