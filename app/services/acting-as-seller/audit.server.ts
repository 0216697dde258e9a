/**
 * One audit line for every state-changing request of a staff member acting
 * as a seller: the real staff user, the seller, the time, and what was done
 * (method, path, outcome). Runs around every route, so no page can forget it.
 */
import type { MiddlewareFunction } from "react-router";
import { requestMetaContext } from "#app/services/request/request-context.server.ts";
import { sessionContext } from "#app/services/session/session.server.ts";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

export const actingAsSellerAuditMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (READS.has(request.method)) return next();
  // Read before the request runs: a request that ends acting as the seller changes the session's user.
  const user = context.get(sessionContext).user;
  if (!user?.substitutionMode) return next();
  const started = new Date().toISOString();
  const url = new URL(request.url);
  const log = context.get(requestMetaContext).log;
  const entry = {
    audit: "substituted-action",
    staffUserId: user.id,
    staffEmail: user.email,
    sellerId: user.sellerId,
    sellerName: user.substitutedSellerName ?? null,
    method: request.method,
    path: url.pathname.replace(/\.data$/, "") || "/",
    at: started,
  };
  try {
    const response = await next();
    log.info({ ...entry, status: response.status }, "action while acting as a seller");
    return response;
  } catch (error) {
    // Redirects and error responses are thrown; they are outcomes too.
    log.info({ ...entry, status: error instanceof Response ? error.status : 500 }, "action while acting as a seller");
    throw error;
  }
};
