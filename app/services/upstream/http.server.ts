/**
 * The one HTTP core under every upstream client: bearer and apikey rules,
 * Accept-Language, a timeout on every request, one retry of non-mutating
 * requests on a retryable status, a log line for every failure, and one error
 * shape (UpstreamError) for whatever went wrong.
 */
import { UpstreamErrorBody } from "@contract/upstream";
import { z } from "zod";
import type { Logger } from "../logger.server";
import { shouldRetry } from "./retry-policy.server";
import { UpstreamError } from "./upstream-error.server";

export type ServiceConfig = {
  name: string;
  baseUrl: string;
  /** Sent as the `apikey` query parameter when set. */
  apiKey?: string;
  /** Whether the service expects the user's bearer token. */
  bearer: boolean;
  timeoutMs: number;
};

/** Who is calling: the signed-in user's token, the page's language, the request's id and logger. */
export type CallContext = {
  accessToken?: string;
  locale: string;
  requestId: string;
  log: Logger;
};

export type QueryValue = string | number | boolean | undefined | null | readonly string[];

/** The schema of a request whose answer is passed on unread (a document download streams through). */
export const unreadResponse = z.custom<Response>((value) => value instanceof Response);

export type ServiceRequest<T> = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Extra request headers a service asks for (e.g. the analytics guest token). */
  headers?: Record<string, string>;
  schema: z.ZodType<T>;
};

const ACCEPT_LANGUAGE: Record<string, string> = { en: "en-us", de: "de-de" };

export function acceptLanguage(locale: string): string {
  return ACCEPT_LANGUAGE[locale] ?? "en-us";
}

export function buildUrl(service: ServiceConfig, path: string, query: Record<string, QueryValue> = {}): URL {
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

export async function readErrorBody(response: Response): Promise<UpstreamErrorBody> {
  const text = await response.text().catch(() => "");
  try {
    const parsed = UpstreamErrorBody.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: a proxy's HTML page or plain text; keep its start as the message.
  }
  return { message: text.slice(0, 200) || `${response.status} ${response.statusText}` };
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

  const fail = (status: number, body: UpstreamErrorBody, started: number, cause?: unknown) => {
    ctx.log.warn(
      { upstream: service.name, method, path: loggablePath(url), status, durationMs: Math.round(performance.now() - started), errorCode: body.errorCode },
      "upstream request failed",
    );
    return new UpstreamError({ service: service.name, method, path: request.path, status, body, cause });
  };

  for (let attempt = 1; ; attempt++) {
    const started = performance.now();
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers,
        body: multipart ? (request.body as FormData) : hasBody ? JSON.stringify(request.body) : undefined,
        credentials: "omit",
        redirect: "error",
        signal: AbortSignal.timeout(service.timeoutMs),
      });
    } catch (cause) {
      const timedOut = cause instanceof DOMException && cause.name === "TimeoutError";
      throw fail(0, { message: timedOut ? "timeout" : "unreachable", errorCode: timedOut ? "UPSTREAM_TIMEOUT" : "UPSTREAM_UNREACHABLE" }, started, cause);
    }

    if (!response.ok) {
      const body = await readErrorBody(response);
      const error = fail(response.status, body, started);
      if (shouldRetry(method, response.status, attempt)) continue;
      throw error;
    }

    if ((request.schema as z.ZodType) === unreadResponse) return response as T;
    if (response.status === 204) return request.schema.parse(undefined);
    const json: unknown = await response.json().catch(() => undefined);
    const parsed = request.schema.safeParse(json);
    if (!parsed.success) {
      throw fail(502, { message: "unexpected answer", errorCode: "UPSTREAM_CONTRACT", detail: parsed.error.issues[0]?.message }, started, parsed.error);
    }
    return parsed.data;
  }
}
