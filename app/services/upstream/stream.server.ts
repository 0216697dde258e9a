/**
 * Streamed upstream requests: a body that flows through without being
 * buffered (catalogue uploads) or an answer handed on as a stream (downloads).
 * Same key, bearer, language and logging rules as the JSON core; failures
 * become the same UpstreamError.
 *
 * Both go over plain node:http(s), which follows no redirect and holds
 * nothing back: through fetch every chunk of a catalogue of gigabytes would
 * pass two stream adapters and undici's body machinery, which cost more CPU
 * than the rest of the portal's work on it, and their garbage buffers took a
 * download past its memory bound (ADR 009). An upload's chunks and a
 * download's are freed as soon as the next socket has written them
 * (chunk-leases.server.ts); a download's connection reads into one buffer it
 * reuses.
 */
import type { ClientRequestArgs, IncomingMessage } from "node:http";
import net from "node:net";
import type { Readable } from "node:stream";
import type { z } from "zod";
import tls from "node:tls";
import { holdEachChunk, writeGivingBack } from "#app/services/http/chunk-leases.server.ts";
import { responseWithNodeBody, webHeaders } from "#app/services/http/node-body.server.ts";
import {
  acceptLanguage,
  buildUrl,
  loggablePath,
  readErrorBody,
  upstreamRequest,
  type CallContext,
  type QueryValue,
  type ServiceConfig,
} from "./http.server.ts";
import { UpstreamError } from "./upstream-error.server.ts";
import { shouldRetry } from "./retry-policy.server.ts";
import { countUpstreamRetry, startUpstreamAttempt } from "./upstream-telemetry.server.ts";

export type StreamRequest = {
  method: "GET" | "POST" | "PUT";
  path: string;
  query?: Record<string, QueryValue>;
  /** Streamed as it is read, with backpressure; never teed or buffered. */
  body?: Readable;
  contentType?: string;
  /** Ends the request early (the browser went away, a limit was hit, the upload stalled). */
  signal?: AbortSignal;
  /**
   * false: the answer's body is Node's client's own stream, its chunks not held (chunk-leases.server.ts), for a caller
   * whose own stage holds each chunk as it passes it on (the corrected file's writer): one stage fewer. Held by default.
   */
  holdChunks?: boolean;
};

/**
 * The answer's status line and headers within the service's timeout; the
 * body then flows for as long as it takes (the caller's signal ends it).
 */
export async function streamService(service: ServiceConfig, ctx: CallContext, request: StreamRequest): Promise<Response> {
  const url = buildUrl(service, request.path, request.query);
  // A download is a read like any other: tried once more on a retryable status. An upload's body cannot be sent twice.
  for (let attempt = 1; ; attempt++) {
    const { response, error } = await streamAttempt(service, ctx, request, url);
    if (!error) return response;
    if (!request.body && shouldRetry(request.method, error.status, attempt)) {
      countUpstreamRetry(service.name, request.method, error.status);
      continue;
    }
    throw error;
  }
}

/** One try: the answer, or the failure it came back with (a failure without an answer is thrown). */
async function streamAttempt(
  service: ServiceConfig,
  ctx: CallContext,
  request: StreamRequest,
  url: URL,
): Promise<{ response: Response; error?: undefined } | { response?: undefined; error: UpstreamError }> {
  const telemetry = startUpstreamAttempt(service.name, request.method, request.path, ctx.trace);
  const headers: Record<string, string> = {
    Accept: "application/json, */*",
    "Accept-Language": acceptLanguage(ctx.locale),
    "X-Request-Id": ctx.requestId,
    traceparent: telemetry.traceparent,
  };
  if (service.bearer && ctx.accessToken) headers.Authorization = `Bearer ${ctx.accessToken}`;
  if (request.contentType) headers["Content-Type"] = request.contentType;

  const started = performance.now();
  // `reason`, as in callService: what went wrong when the service said nothing itself, for the log only.
  const fail = (status: number, body: ConstructorParameters<typeof UpstreamError>[0]["body"], cause?: unknown, reason?: string) => {
    ctx.log.warn(
      {
        upstream: service.name,
        method: request.method,
        path: loggablePath(url),
        status,
        durationMs: Math.round(performance.now() - started),
        errorCode: body.errorCode,
        ...(reason ? { reason } : {}),
      },
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
      : await receiveStreamed(url, request.method, headers, signal, request.holdChunks ?? true);
  } catch (cause) {
    if (request.signal?.aborted) {
      telemetry.end("aborted");
      throw request.signal.reason ?? cause;
    }
    const timedOut = answerTimeout.signal.aborted;
    telemetry.end(timedOut ? "timeout" : "unreachable");
    throw fail(0, { errorCode: timedOut ? "UPSTREAM_TIMEOUT" : "UPSTREAM_UNREACHABLE" }, cause, timedOut ? "timeout" : "unreachable");
  } finally {
    clearTimeout(timer);
  }
  telemetry.end(response.status);
  if (!response.ok) return { error: fail(response.status, await readErrorBody(response)) };
  return { response };
}

/**
 * A streamed request's JSON answer, read and checked as callService checks
 * one: a body that breaks off is the service unreachable, one that does not
 * parse or fit the schema is its contract broken (502); never a bare
 * SyntaxError the caller would take for its own bug.
 */
export async function readStreamedJson<T>(response: Response, schema: z.ZodType<T>, origin: { service: string; method: string; path: string }): Promise<T> {
  let text: string;
  try {
    text = await response.text();
  } catch (cause) {
    throw new UpstreamError({ ...origin, status: 0, body: { errorCode: "UPSTREAM_UNREACHABLE" }, cause });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new UpstreamError({
      ...origin,
      status: 502,
      // Only the code: the page's translated message says it (the schema's complaint stays in the error's cause, for the log).
      body: { errorCode: "UPSTREAM_CONTRACT" },
      cause: parsed.error,
    });
  }
  return parsed.data;
}

/**
 * Writes `body` to the service as it arrives (chunk-leases.server.ts gives
 * each chunk back once the socket has written it); resolves with the answer
 * once its status line and headers are in.
 */
function sendStreamed(url: URL, method: string, headers: Record<string, string>, body: Readable, signal: AbortSignal): Promise<Response> {
  return new Promise((resolve, reject) => {
    const outgoing = upstreamRequest(url, { method, headers, signal }, (incoming) => resolve(answer(incoming, true)));
    outgoing.on("error", reject);
    writeGivingBack(body, outgoing);
  });
}

/**
 * Asks for a download on a connection of its own (see `readingIntoOneBuffer`);
 * resolves with the answer once its status line and headers are in, its body
 * a Node stream that the server writes to the browser as it comes.
 */
function receiveStreamed(url: URL, method: string, headers: Record<string, string>, signal: AbortSignal, holdChunks: boolean): Promise<Response> {
  return new Promise((resolve, reject) => {
    const options = { method, headers, signal, createConnection: readingIntoOneBuffer(url) };
    const outgoing = upstreamRequest(url, options, (incoming) => resolve(answer(incoming, holdChunks)));
    outgoing.on("error", reject);
    outgoing.end();
  });
}

/** Bytes a download's socket reads at a time, into the one buffer it keeps. */
const READ_BUFFER_BYTES = 64 * 1024;

/**
 * Opens a download's connection whose socket reads every piece of the answer
 * into one buffer it keeps, instead of a new 64 KiB buffer for each read:
 * those are garbage at once, outside V8's heap, and on a download of
 * gigabytes V8 let tens of MB of them pile up between its collections. Node's
 * HTTP parser takes what it reads synchronously and copies each piece of the
 * body into a chunk of its own (held, and freed once the browser's socket has
 * written it), so the buffer can take the next read right away.
 */
function readingIntoOneBuffer(url: URL) {
  const secure = url.protocol === "https:";
  return (options: ClientRequestArgs): net.Socket => {
    const buffer = Buffer.allocUnsafe(READ_BUFFER_BYTES);
    // With `onread` the socket itself emits no data; the HTTP client listens for it there.
    const onread: net.OnReadOpts = {
      buffer,
      callback: (bytes) => {
        socket.emit("data", buffer.subarray(0, bytes));
        return true;
      },
    };
    const host = options.hostname ?? options.host ?? "localhost";
    const port = Number(options.port) || (secure ? 443 : 80);
    // tls.connect takes `onread` as net.connect does (Node's documentation of tls.connect; the types lack it).
    const socket: net.Socket = secure
      ? tls.connect({ host, port, servername: net.isIP(host) ? undefined : host, onread } as tls.ConnectionOptions)
      : net.connect({ host, port, onread });
    return socket;
  };
}

/** The service's answer as a Response whose body is the Node stream, each chunk held for whoever writes it on (unless the caller holds them). */
function answer(incoming: IncomingMessage, holdChunks: boolean): Response {
  const status = incoming.statusCode ?? 502;
  const init = { status, statusText: incoming.statusMessage, headers: webHeaders(incoming.headers) };
  if (status === 204 || status === 304) {
    incoming.resume();
    return new Response(null, init);
  }
  return responseWithNodeBody(holdChunks ? holdEachChunk(incoming) : incoming, init);
}

/** A service's streamed calls, bound to one request. */
export type ServiceStreamer = (request: StreamRequest) => Promise<Response>;
