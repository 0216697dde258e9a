/**
 * A form body that does not parse (a broken multipart body, a boundary that
 * never ends) is the client's error: 400 and a warning, never a 500. The
 * server's guards already refuse bodies that are not forms at all
 * (server/request-guards.ts); this covers what only parsing can find.
 */
import { data, type MiddlewareFunction } from "react-router";
import { logger, type Logger } from "#app/services/observability/logger.server.ts";
import { requestMetaContext } from "#app/services/request/request-context.server.ts";

/** The answer to throw for a form that could not be read; logs why at warn level. */
export function unreadableForm(request: Request, cause: unknown, log: Logger = logger): ReturnType<typeof data> {
  log.warn({ err: cause, method: request.method, path: new URL(request.url).pathname, status: 400 }, "unreadable form body");
  return data({}, { status: 400 });
}

/**
 * Every action reads its form with `request.formData()`: one wrapper here, so
 * that none of them has to catch a parse failure itself.
 */
export const readableFormsMiddleware: MiddlewareFunction<Response> = ({ request, context }, next) => {
  if (request.method !== "GET" && request.method !== "HEAD") {
    const parse = request.formData.bind(request);
    request.formData = () =>
      parse().catch((cause: unknown) => {
        throw unreadableForm(request, cause, context.get(requestMetaContext).log);
      });
  }
  return next();
};
