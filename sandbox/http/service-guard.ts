import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { SandboxContext } from "../context.ts";
import { findUserById, type UserRow } from "../repository.ts";
import { sendError } from "./errors.ts";

/** What a service demands of each request before any of its routes runs. */
export type ServicePolicy = {
  /** A bearer access token issued by the sandbox's identity provider. */
  bearer: boolean;
  /** The value the `apikey` query parameter must have, or null for none. */
  apiKey: string | null;
};

/**
 * Checks the bearer token (401) and then the apikey (403), and puts the
 * signed-in user on `res.locals.user` for the service's routes.
 */
export function serviceGuard(context: SandboxContext, policy: ServicePolicy): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (policy.bearer) {
      const header = req.get("authorization") ?? "";
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match?.[1]) {
        sendError(res, 401, "Missing bearer token", "UNAUTHORIZED");
        return;
      }
      const accessToken = await context.provider.AccessToken.find(match[1]);
      const user = accessToken?.accountId ? findUserById(context.db, accessToken.accountId) : undefined;
      if (!user) {
        sendError(res, 401, "The access token is invalid or has expired", "INVALID_TOKEN");
        return;
      }
      res.locals.user = user;
    }
    if (policy.apiKey !== null && req.query.apikey !== policy.apiKey) {
      sendError(res, 403, "Missing or invalid apikey", "INVALID_API_KEY");
      return;
    }
    next();
  };
}

/** The user the service guard authenticated. */
export function signedInUser(res: Response): UserRow {
  const user = res.locals.user as UserRow | undefined;
  if (!user) throw new Error("signedInUser used on a route without a bearer policy");
  return user;
}
