/**
 * The one HTTP core under every upstream client: bearer and apikey rules,
 * Accept-Language, a timeout on every request, one retry of non-mutating
 * requests on a retryable status, a log line for every failure, a span and
 * metrics for every attempt (upstream-telemetry.server.ts), and one error
 * shape (UpstreamError) for whatever went wrong.
 */
import http, { STATUS_CODES } from "node:http";
import https from "node:https";
import { Agent, type Dispatcher } from "undici";
import { UpstreamErrorBody } from "#contract/upstream.ts";
import { z } from "zod";
import type { Logger } from "#app/services/observability/logger.server.ts";
import type { TraceContext } from "#app/services/observability/trace-context.server.ts";
import { shouldRetry } from "./retry-policy.server.ts";
import { countUpstreamRetry, startUpstreamAttempt } from "./upstream-telemetry.server.ts";
import { UpstreamError } from "./upstream-error.server.ts";
import { assertPlainPath } from "./upstream-path.server.ts";

export type ServiceConfig = {
  name: string;
  baseUrl: string;
  /** Sent as the `apikey` query parameter when set. */
  apiKey?: string;
  /** Whether the service expects the user's bearer token. */
  bearer: boolean;
  timeoutMs: number;
};

/** Who is calling: the signed-in user's token, the page's language, the request's id, trace and logger. */
export type CallContext = {
  accessToken?: string;
  locale: string;
  requestId: string;
  /** The request's span: each call is a span inside it (a new trace without one). */
  trace?: TraceContext;
  log: Logger;
};

export type QueryValue = string | number | boolean | undefined | null | readonly string[];

/** The schema of a request whose answer is passed on unread (a document download streams through). */
export const unreadResponse = z.custom<Response>((value) => value instanceof Response);

type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export type ServiceRequest<T> = {
  method?: HttpMethod;
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Extra request headers a service asks for (e.g. the analytics guest token). */
  headers?: Record<string, string>;
  schema: z.ZodType<T>;
  /** A 404 is the answer "there is none" (a file with no stored analysis yet), which the caller turns into null: not logged as a failure. */
  notFoundIsAnswer?: boolean;
  /**
   * A refusal whose body the schema reads is the answer, not a failure: a
   * service that says what it found with its HTTP status (the BZSt's eVatR
   * answers "not assigned" with 404, "unavailable" with 503, each in its answer's shape).
   */
  errorIsAnswer?: boolean;
};

const ACCEPT_LANGUAGE: Record<string, string> = { en: "en-us", de: "de-de" };

export function acceptLanguage(locale: string): string {
  return ACCEPT_LANGUAGE[locale] ?? "en-us";
}

/** The request's URL; a path that could climb or hold an empty segment is refused (upstream-path.server.ts). */
export function buildUrl(service: ServiceConfig, path: string, query: Record<string, QueryValue> = {}): URL {
  assertPlainPath(path);
  const url = new URL(service.baseUrl + path);
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) url.searchParams.append(key, item);
    else url.searchParams.set(key, String(value));
  }
  if (service.apiKey) url.searchParams.set("apikey", service.apiKey);
  return url;
}

/** The URL as it may appear in a log: no key. */
export function loggablePath(url: URL): string {
  const safe = new URL(url);
  safe.searchParams.delete("apikey");
  return safe.pathname + safe.search;
}

/** What callService reads of an answer: a fetch `Response`, or the buffered answer of `exchangeJson`. */
type Answer = { status: number; statusText: string; ok: boolean; text(): Promise<string> };

/** Kept-alive connections per protocol, reused by every upstream call of every request. */
const agents = { "http:": new http.Agent({ keepAlive: true }), "https:": new https.Agent({ keepAlive: true }) } as const;

/**
 * A node:http(s) request to an upstream service, on the kept-alive
 * connections of its protocol, or on the one connection `createConnection`
 * opens for it.
 */
export function upstreamRequest(url: URL, options: http.RequestOptions, onResponse: (response: http.IncomingMessage) => void): http.ClientRequest {
  const secure = url.protocol === "https:";
  const agent = options.createConnection ? undefined : secure ? agents["https:"] : agents["http:"];
  return (secure ? https : http).request(url, { ...options, agent }, onResponse);
}

class UnexpectedRedirect extends Error {
  override name = "UnexpectedRedirect";
}

/** Kept-alive connections for the JSON exchanges, per origin, reused by every upstream call of every request. */
const exchanges = new Agent();

/** A read whose connection broke before its answer began (one the service had closed): sent again once on a fresh one. */
const BROKEN_CONNECTION = new Set(["UND_ERR_SOCKET", "ECONNRESET"]);

/**
 * One JSON request and its whole answer, on undici's kept-alive connections.
 * Most upstream calls are small JSON exchanges, 2 to 11 a page; through
 * `fetch` each cost about 2.5 times the CPU of node:http (its Request,
 * Response and web streams around the same socket write), and through
 * node:http about 1.5 times undici's `request` (ADR 013). The rules are
 * fetch's as used here: the timeout covers the whole exchange (a
 * DOMException "TimeoutError"), a redirect is an error, a connection that
 * fails fails the call. A read whose connection broke before its answer (a
 * kept-alive connection the service closed just as it was reused) is sent
 * once more; a write never is.
 */
async function exchangeJson(
  url: URL,
  method: HttpMethod,
  headers: Record<string, string>,
  body: string | undefined,
  timeoutMs: number,
  retried = false,
): Promise<Answer> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new DOMException("The upstream call timed out", "TimeoutError")), timeoutMs);
  let response: Dispatcher.ResponseData;
  try {
    response = await exchanges.request({ origin: url.origin, path: url.pathname + url.search, method, headers, body, signal: deadline.signal });
  } catch (error) {
    clearTimeout(timer);
    const code = (error as NodeJS.ErrnoException).code;
    if (retried || deadline.signal.aborted || method !== "GET" || !code || !BROKEN_CONNECTION.has(code)) throw error;
    return exchangeJson(url, method, headers, body, timeoutMs, true);
  }
  try {
    const status = response.statusCode;
    if (status >= 300 && status < 400) {
      await response.body.dump();
      throw new UnexpectedRedirect(`unexpected redirect (${status})`);
    }
    // An answer that breaks off is a failure, never sent again: the service had the request.
    const text = await response.body.text();
    return { status, statusText: STATUS_CODES[status] ?? "", ok: status >= 200 && status < 300, text: async () => text };
  } finally {
    clearTimeout(timer);
  }
}

export async function readErrorBody(response: Answer): Promise<UpstreamErrorBody> {
  const text = await response.text().catch(() => "");
  try {
    const parsed = UpstreamErrorBody.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: a proxy's HTML page or plain text; keep its start as the message.
  }
  return { message: text.slice(0, 200) || `${response.status} ${response.statusText}` };
}

/** A refusal's body read with the request's schema (errorIsAnswer); the body stays readable for the failure's log. */
async function answerOfRefusal<T>(response: Answer, schema: z.ZodType<T>): Promise<{ success: true; data: T } | { success: false }> {
  try {
    const parsed = schema.safeParse(JSON.parse(await response.text()));
    return parsed.success ? { success: true, data: parsed.data } : { success: false };
  } catch {
    return { success: false };
  }
}

export async function callService<T>(service: ServiceConfig, ctx: CallContext, request: ServiceRequest<T>): Promise<T> {
  const method = request.method ?? "GET";
  const url = buildUrl(service, request.path, request.query);
  const headers: Record<string, string> = {
    Accept: "application/json",
    "Accept-Language": acceptLanguage(ctx.locale),
    "X-Request-Id": ctx.requestId,
    ...request.headers,
  };
  if (service.bearer && ctx.accessToken) headers.Authorization = `Bearer ${ctx.accessToken}`;
  const hasBody = request.body !== undefined;
  // Files go as multipart (fetch writes the boundary); everything else as JSON.
  const multipart = request.body instanceof FormData;
  if (hasBody && !multipart) headers["Content-Type"] = "application/json";

  // `reason`: what went wrong when the service said nothing itself, for the log. A failure the portal names carries only its
  // code: a person reads it in their own language (the caller's translated message), never as words made up here.
  const fail = (status: number, body: UpstreamErrorBody, started: number, cause?: unknown, reason?: string) => {
    ctx.log[status === 404 && request.notFoundIsAnswer ? "debug" : "warn"](
      {
        upstream: service.name,
        method,
        path: loggablePath(url),
        status,
        durationMs: Math.round(performance.now() - started),
        errorCode: body.errorCode,
        ...(reason ? { reason } : {}),
      },
      "upstream request failed",
    );
    return new UpstreamError({ service: service.name, method, path: request.path, status, body, cause });
  };

  // A form with files, or an answer passed on as a stream, goes through fetch; every JSON exchange through exchangeJson.
  const viaFetch = multipart || (request.schema as z.ZodType) === unreadResponse;

  for (let attempt = 1; ; attempt++) {
    const started = performance.now();
    const telemetry = startUpstreamAttempt(service.name, method, request.path, ctx.trace);
    headers.traceparent = telemetry.traceparent;
    let response: Answer;
    try {
      response = viaFetch
        ? await fetch(url, {
            method,
            headers,
            body: multipart ? (request.body as FormData) : hasBody ? JSON.stringify(request.body) : undefined,
            credentials: "omit",
            redirect: "error",
            signal: AbortSignal.timeout(service.timeoutMs),
          })
        : await exchangeJson(url, method, headers, hasBody ? JSON.stringify(request.body) : undefined, service.timeoutMs);
    } catch (cause) {
      const timedOut = cause instanceof DOMException && cause.name === "TimeoutError";
      telemetry.end(timedOut ? "timeout" : "unreachable");
      throw fail(0, { errorCode: timedOut ? "UPSTREAM_TIMEOUT" : "UPSTREAM_UNREACHABLE" }, started, cause, timedOut ? "timeout" : "unreachable");
    }

    telemetry.end(response.status);
    if (!response.ok && request.errorIsAnswer) {
      const answer = await answerOfRefusal(response, request.schema);
      if (answer.success) return answer.data;
    }
    if (!response.ok) {
      const body = await readErrorBody(response);
      const error = fail(response.status, body, started);
      if (shouldRetry(method, response.status, attempt)) {
        countUpstreamRetry(service.name, method, response.status);
        continue;
      }
      throw error;
    }

    if ((request.schema as z.ZodType) === unreadResponse) return response as T;
    if (response.status === 204) return request.schema.parse(undefined);
    // An answer cut short is never a success, even where the schema expects no body (a DELETE's): whether the service
    // did the work is unknown. A body that breaks off is the service unreachable, one that does not parse its contract
    // broken (502); only an empty body is "no body", for the schema to judge.
    let text: string;
    try {
      text = await response.text();
    } catch (cause) {
      throw fail(0, { errorCode: "UPSTREAM_UNREACHABLE" }, started, cause, "the answer broke off");
    }
    let json: unknown;
    if (text.trim() !== "") {
      try {
        json = JSON.parse(text);
      } catch (cause) {
        throw fail(502, { errorCode: "UPSTREAM_CONTRACT" }, started, cause, "the answer is no whole JSON");
      }
    }
    const parsed = request.schema.safeParse(json);
    if (!parsed.success) {
      throw fail(502, { errorCode: "UPSTREAM_CONTRACT" }, started, parsed.error, `unexpected answer: ${parsed.error.issues[0]?.message ?? ""}`);
    }
    return parsed.data;
  }
}

/** A service's JSON calls, bound to one request (its token, language and request id). */
export type ServiceCaller = <T>(request: ServiceRequest<T>) => Promise<T>;
