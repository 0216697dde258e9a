/**
 * A request whose body the server refused before the router saw it (more
 * than its route's limit): the router gets the request without its body and
 * answers with the portal's error page for the status, so a browser posting
 * an oversized form without JavaScript reads a page in its language rather
 * than a bare status line. The server and the app's build are separate
 * module graphs, so the mark is a registered symbol on the Request itself.
 */
import { data, type MiddlewareFunction } from "react-router";

const REFUSED_BODY = Symbol.for("seller-portal.refused-body");

/** Why the body was refused: 413 when it is over its route's limit, 408 when it came too slowly (server/body-deadlines.ts). */
export type BodyRefusal = { status: 413 | 408 };

/** The request as the router gets it: method, URL and headers of the original, no body, and the refusal. */
export function requestWithRefusedBody(url: string, init: { method: string; headers: Headers; signal?: AbortSignal }, refusal: BodyRefusal): Request {
  const headers = new Headers(init.headers);
  for (const name of ["content-length", "content-type", "transfer-encoding"]) headers.delete(name);
  const request = new Request(url, { method: init.method, headers, signal: init.signal });
  return Object.defineProperty(request, REFUSED_BODY, { value: refusal });
}

export function bodyRefusal(request: Request): BodyRefusal | undefined {
  return (request as unknown as Record<symbol, BodyRefusal | undefined>)[REFUSED_BODY];
}

/** First thing for a refused body: no loader or action runs, the error page says why. */
export const refusedBodyMiddleware: MiddlewareFunction<Response> = ({ request }, next) => {
  const refusal = bodyRefusal(request);
  if (refusal) throw data({}, { status: refusal.status });
  return next();
};
