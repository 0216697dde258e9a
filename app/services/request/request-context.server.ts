import { createContext, type MiddlewareFunction } from "react-router";
import { logger, type Logger } from "#app/services/observability/logger.server.ts";
import { ROUTE_PATTERN_HEADER } from "#app/lib/route-pattern.ts";
import { parseTraceparent, type TraceContext } from "#app/services/observability/trace-context.server.ts";

export type RequestMeta = {
  requestId: string;
  /** The request's span, as the Node server started it (its `traceparent`); undefined only outside that server. */
  trace?: TraceContext;
  log: Logger;
};

export const requestMetaContext = createContext<RequestMeta>();

const REQUEST_ID = /^[\w.-]{1,100}$/;

/**
 * Gives every request an id, its trace and a logger that stamps both on each
 * line; hands the route pattern the request matched back to the server.
 */
export const requestMetaMiddleware: MiddlewareFunction<Response> = async ({ request, context, pattern }, next) => {
  const header = request.headers.get("x-request-id");
  const requestId = header && REQUEST_ID.test(header) ? header : crypto.randomUUID();
  const trace = parseTraceparent(request.headers.get("traceparent"));
  // The request's logger is made when something logs: most requests never do.
  let log: Logger | undefined;
  context.set(requestMetaContext, {
    requestId,
    trace,
    get log() {
      log ??= logger.child(trace ? { requestId, traceId: trace.traceId } : { requestId });
      return log;
    },
  });
  const response = await next();
  try {
    // React Router joins the matched routes' paths as written in routes.ts, which are relative ("login").
    response.headers.set(ROUTE_PATTERN_HEADER, pattern.startsWith("/") ? pattern : `/${pattern}`);
  } catch {
    // A response with immutable headers (passed on as it came): the server counts it without its pattern.
  }
  return response;
};
