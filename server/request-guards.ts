/**
 * Checks every request passes before any route code runs: the methods the
 * portal answers, the same-origin rule for state-changing requests, and the
 * declared body size. One place for all routes (pages, `.data` requests and
 * resource routes alike), so no route can forget them.
 */
import type { NextFunction, Request, Response } from "express";
import { logger } from "../app/node-server.ts";
import { bodyLimitFor } from "./body-limits.ts";

/** The methods React Router's loaders and actions can answer; anything else is 405. */
const ANSWERED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]);
/** Safe methods change nothing and need no origin check. */
const SAFE_METHODS = new Set(["GET", "HEAD"]);

function refuse(req: Request, res: Response, status: number, reason: string, extra: Record<string, unknown> = {}): void {
  logger.warn({ requestId: req.get("x-request-id"), method: req.method, path: req.path, status, reason, ...extra }, "request refused");
  res.status(status).type("text/plain").send(reason);
}

export function allowedMethods(req: Request, res: Response, next: NextFunction): void {
  if (ANSWERED_METHODS.has(req.method)) return next();
  res.setHeader("Allow", [...ANSWERED_METHODS].join(", "));
  refuse(req, res, 405, "Method Not Allowed");
}

/** The origin a browser stated for this request: `Origin`, or the origin of `Referer` when there is none. */
function statedOrigin(req: Request): string | undefined {
  const origin = req.get("origin");
  if (origin) return origin;
  const referer = req.get("referer");
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}

/**
 * Refuses every state-changing request that a page of another site could
 * have sent: its `Origin` (or, without one, its `Referer`) must be the
 * portal's own. Browsers send `Origin` on every POST; a request stating
 * neither is refused too.
 */
export function sameOriginWrites(portalOrigin: string) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = statedOrigin(req);
    if (origin === portalOrigin) return next();
    refuse(req, res, 403, "Forbidden: cross-site request", { origin: origin ?? null });
  };
}

/**
 * A body that declares more than its route's limit is refused before a byte
 * of it is read; the connection closes so the rest is never received. Bodies
 * without a declared length are counted as they arrive (limitedBody).
 */
export function declaredBodyLength(req: Request, res: Response, next: NextFunction): void {
  const declared = req.get("content-length");
  if (declared === undefined) return next();
  const limit = bodyLimitFor(req.path);
  if (Number(declared) <= limit) return next();
  res.setHeader("Connection", "close");
  refuse(req, res, 413, "Payload Too Large", { declaredBytes: Number(declared), limitBytes: limit });
}
