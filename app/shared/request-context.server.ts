import { createContext, type MiddlewareFunction } from "react-router";
import { logger, type Logger } from "./logger.server";

export type RequestMeta = { requestId: string; log: Logger };

export const requestMetaContext = createContext<RequestMeta>();

const REQUEST_ID = /^[\w.-]{1,100}$/;

/** Gives every request an id and a logger that stamps it on each line. */
export const requestMetaMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const header = request.headers.get("x-request-id");
  const requestId = header && REQUEST_ID.test(header) ? header : crypto.randomUUID();
  // The request's logger is made when something logs: most requests never do.
  let log: Logger | undefined;
  context.set(requestMetaContext, {
    requestId,
    get log() {
      log ??= logger.child({ requestId });
      return log;
    },
  });
  return next();
};
