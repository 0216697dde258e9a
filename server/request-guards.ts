/**
 * Checks every request passes before any route code runs: the methods the
 * portal answers, the same-origin rule for state-changing requests, the
 * declared body size and the body's type. One place for all routes (pages,
 * `.data` requests and resource routes alike), so no route can forget them.
 * A refusal reaches the client even while it is still sending its body
 * (lingering-close.ts).
 */
import { parse as parseContentType } from "content-type";
import type { NextFunction, Request, Response } from "express";
import { logger, type BodyRefusal } from "#app/node-server.ts";
import { bodyLimitFor } from "./body-limits.ts";
import { lingerUntilBodyRead } from "./lingering-close.ts";

/** The methods React Router's loaders and actions can answer; anything else is 405. */
const ANSWERED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]);
/** Safe methods change nothing and need no origin check. */
const SAFE_METHODS = new Set(["GET", "HEAD"]);

export function refuse(req: Request, res: Response, status: number, reason: string, extra: Record<string, unknown> = {}): void {
  logRefusal(req, status, reason, extra);
  lingerUntilBodyRead(req, res);
  res.status(status).type("text/plain").send(reason);
}

function logRefusal(req: Request, status: number, reason: string, extra: Record<string, unknown> = {}): void {
  logger.warn({ requestId: req.get("x-request-id"), method: req.method, path: req.path, status, reason, ...extra }, "request refused");
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

const refusedBodies = new WeakMap<Request, BodyRefusal>();

/** The refusal of this request's body by a guard, for the router to answer with its error page. */
export function refusedBody(req: Request): BodyRefusal | undefined {
  return refusedBodies.get(req);
}

/**
 * A body that declares more than its route's limit is refused before a byte
 * of it is passed on: the router answers 413 with the portal's error page
 * (the browser that posted an oversized form reads why), while the rest of
 * the body is discarded. Bodies without a declared length are counted as
 * they arrive (request-handler.ts).
 */
export function declaredBodyLength(req: Request, _res: Response, next: NextFunction): void {
  const declared = req.get("content-length");
  if (declared === undefined) return next();
  const limit = bodyLimitFor(req.path);
  if (Number(declared) <= limit) return next();
  logRefusal(req, 413, "Payload Too Large", { declaredBytes: Number(declared), limitBytes: limit });
  refusedBodies.set(req, { status: 413 });
  next();
}

/** What the portal's own forms send; no route reads anything else. */
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

function hasBody(req: Request): boolean {
  const declared = req.get("content-length");
  return req.get("transfer-encoding") !== undefined || (declared !== undefined && Number(declared) > 0);
}

/**
 * Every body is a form: any other type (text, JSON, XML…) is 415, and a
 * multipart body without its boundary is 400, before a route tries to read it.
 */
export function formBodies(req: Request, res: Response, next: NextFunction): void {
  if (SAFE_METHODS.has(req.method) || !hasBody(req) || refusedBodies.has(req)) return next();
  let type: ReturnType<typeof parseContentType> | undefined;
  try {
    type = parseContentType(req.get("content-type") ?? "");
  } catch {
    type = undefined;
  }
  if (!type || !FORM_TYPES.has(type.type)) return refuse(req, res, 415, "Unsupported Media Type", { contentType: req.get("content-type") ?? null });
  if (type.type === "multipart/form-data" && !type.parameters.boundary) return refuse(req, res, 400, "Bad Request: multipart body without a boundary");
  next();
}
