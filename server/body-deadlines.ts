/**
 * How long a request body may take. Node bounds a whole request only by its
 * request timeout, sized for a catalogue upload (30 minutes): a client that
 * sends a form a byte every few seconds would hold its connection that long,
 * and a thousand such clients every connection the portal has. So:
 *
 * - an ordinary body (a form: every route without an upload limit of its own
 *   in body-limits.ts) must arrive whole within BODY_TIMEOUT_SECONDS of its
 *   headers;
 * - an upload's body may take up to the request timeout, but not
 *   UPLOAD_STALL_TIMEOUT_SECONDS without a byte.
 *
 * Past either, the body is abandoned: the router, when it has the request,
 * answers 408 with the error page (request-handler.ts), anything else a
 * plain 408, and the connection is closed once the answer is out, without
 * waiting for the rest of the body.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { logger, type PortalEnv } from "#app/node-server.ts";
import { BODY_LIMITS, type BodyLimit } from "./body-limits.ts";
import { bodyStillArriving, cutAfterAnswer } from "./lingering-close.ts";

export type BodyDeadlines = {
  /** An ordinary body, whole. */
  bodyTimeoutMs: number;
  /** An upload's body, between two bytes. */
  uploadStallTimeoutMs: number;
};

export function bodyDeadlinesOf(env: Pick<PortalEnv, "BODY_TIMEOUT_SECONDS" | "UPLOAD_STALL_TIMEOUT_SECONDS">): BodyDeadlines {
  return { bodyTimeoutMs: env.BODY_TIMEOUT_SECONDS * 1000, uploadStallTimeoutMs: env.UPLOAD_STALL_TIMEOUT_SECONDS * 1000 };
}

/** Upload routes are the ones with a body limit of their own; their `.data` twins count as the same route. */
export function isUploadRoute(pathname: string, limits: readonly BodyLimit[] = BODY_LIMITS): boolean {
  const routePath = pathname.replace(/\.data$/, "").replace(/(.)\/+$/, "$1");
  return limits.some((limit) => limit.path === routePath);
}

/** Whoever answers a request whose body came too slowly, in place of the plain 408 (the router's error page). */
const slowBodyAnswers = new WeakMap<IncomingMessage, () => void>();

export function answerSlowBodyWith(req: IncomingMessage, answer: () => void): void {
  slowBodyAnswers.set(req, answer);
}

/** A body that took too long: the router's answer when it has one, else a plain 408; the connection closes after either. */
function cutSlowBody(req: Request, res: Response, kind: "deadline" | "stall", timeoutMs: number): void {
  if (req.complete || req.destroyed) return;
  logger.warn(
    { requestId: req.get("x-request-id"), method: req.method, path: req.path, status: 408, kind, timeoutMs, receivedBytes: req.socket.bytesRead },
    kind === "deadline" ? "request body not complete within its deadline" : "request body stalled",
  );
  const answer = slowBodyAnswers.get(req);
  if (answer) {
    answer();
    return;
  }
  if (!res.headersSent) {
    res.setHeader("Connection", "close");
    res.status(408).type("text/plain").end("Request Timeout");
  }
  cutAfterAnswer(req, res as ServerResponse);
}

export function bodyDeadlines(deadlines: BodyDeadlines) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!bodyStillArriving(req)) return next();
    if (isUploadRoute(req.path)) {
      // Node's socket timeout: no byte in either direction for this long. Handled here, so Node does not destroy the socket
      // itself; once the body is in, the socket's timeout is Node's again (none while a request runs, then keep-alive's).
      req.setTimeout(deadlines.uploadStallTimeoutMs, () => cutSlowBody(req, res, "stall", deadlines.uploadStallTimeoutMs));
      req.once("end", () => req.socket.setTimeout(0));
    } else {
      const timer = setTimeout(() => cutSlowBody(req, res, "deadline", deadlines.bodyTimeoutMs), deadlines.bodyTimeoutMs);
      timer.unref();
      const clear = () => clearTimeout(timer);
      req.once("end", clear);
      req.once("close", clear);
    }
    next();
  };
}
