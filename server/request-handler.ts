/**
 * React Router behind Express: the request handed to the router, and its
 * response written back. In place of @react-router/express because the body
 * has to be counted as it arrives: a body past its route's limit is cut off
 * there, the route's work abandoned, and the router answers 413 with its
 * error page while the rest of the body is discarded (lingering-close.ts).
 */
import { Transform, type Readable, type TransformCallback } from "node:stream";
import { finished } from "node:stream/promises";
import { writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request, Response } from "express";
import type { RouterContextProvider, ServerBuild } from "react-router";
import { logger, ROUTE_PATTERN_HEADER, writeGivingBack, requestWithNodeBody, requestWithRefusedBody, takeNodeBody, webHeaders } from "#app/node-server.ts";
import { bodyLimitFor } from "./body-limits.ts";
import { answerSlowBodyWith } from "./body-deadlines.ts";
import { cutAfterAnswer, isLingering, lingerUntilBodyRead } from "./lingering-close.ts";
import { refuse, refusedBody } from "./request-guards.ts";
import { sectionedRequestHandler } from "./route-sections.ts";

class BodyTooLarge extends Error {
  override name = "BodyTooLarge";
  readonly status = 413;
}

class BodyTooSlow extends Error {
  override name = "BodyTooSlow";
  readonly status = 408;
}

/** Passes the body through until more than `maxBytes` went by, then fails the stream. */
function byteLimit(maxBytes: number, onExceeded: () => void): Transform {
  let received = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      received += chunk.length;
      if (received > maxBytes) {
        onExceeded();
        callback(new BodyTooLarge(`request body over ${maxBytes} bytes`));
        return;
      }
      callback(null, chunk);
    },
  });
}

function isClosed(res: Response): boolean {
  return res.destroyed || res.writableEnded;
}

export function reactRouterHandler(options: { build: ServerBuild | (() => Promise<ServerBuild>); getLoadContext: () => RouterContextProvider }) {
  const handleRequest = sectionedRequestHandler(options.build, process.env.NODE_ENV);

  return async (req: Request, res: Response, next: NextFunction) => {
    // An absolute-form request target ("GET http://host/ HTTP/1.1") is a proxy's business, and a Host
    // that makes no URL (or none at all) is nobody's: both are the client's error.
    const url = requestUrl(req);
    if (!req.originalUrl.startsWith("/") || url === undefined || !URL.canParse(url)) {
      refuse(req, res, 400, "Bad Request", { host: req.get("host") ?? null });
      return;
    }
    const controller = new AbortController();
    let finished = false;
    res.once("finish", () => (finished = true));
    res.once("close", () => {
      if (!finished) controller.abort();
    });

    const init: RequestInit = { method: req.method, headers: webHeaders(req.headers), signal: controller.signal };
    const target = matchablePath(url);
    let overLimit = false;

    const answerOverLimit = async (): Promise<void> => {
      if (res.headersSent || isClosed(res)) {
        res.destroy();
        return;
      }
      const refused = requestWithRefusedBody(target, { method: req.method, headers: init.headers as Headers }, { status: 413 });
      await sendResponse(res, await handleRequest(refused, options.getLoadContext()));
    };

    // A body past its deadline (body-deadlines.ts): the route's work is abandoned, the router answers 408 with its error page,
    // and the connection closes once that is out. An answer already on its way is only followed by the close.
    let tooSlow = false;
    let body: Readable | undefined;
    const answerTooSlow = async (): Promise<void> => {
      if (res.headersSent || isClosed(res) || isLingering(req)) {
        cutAfterAnswer(req, res);
        return;
      }
      res.setHeader("Connection", "close");
      const refused = requestWithRefusedBody(target, { method: req.method, headers: init.headers as Headers }, { status: 408 });
      cutAfterAnswer(req, res);
      await sendResponse(res, await handleRequest(refused, options.getLoadContext()));
    };
    let answering = false;
    answerSlowBodyWith(req, () => {
      tooSlow = true;
      controller.abort();
      body?.destroy(new BodyTooSlow("request body too slow"));
      if (!answering) void answerTooSlow();
    });

    const answer = async (request: globalThis.Request): Promise<void> => {
      answering = true;
      try {
        const response = await handleRequest(request, options.getLoadContext());
        if (overLimit) {
          await response.body?.cancel();
          return answerOverLimit();
        }
        if (tooSlow) {
          await response.body?.cancel();
          return answerTooSlow();
        }
        // A route that answered without reading its whole body: the client still gets the answer.
        lingerUntilBodyRead(req, res);
        await sendResponse(res, response);
      } catch (error) {
        if (overLimit) return answerOverLimit();
        if (tooSlow) return answerTooSlow();
        if (controller.signal.aborted) return;
        next(error);
      } finally {
        answering = false;
      }
    };

    const refusal = refusedBody(req);
    if (refusal) {
      lingerUntilBodyRead(req, res);
      await answer(requestWithRefusedBody(target, { method: req.method, headers: init.headers as Headers, signal: controller.signal }, refusal));
      return;
    }

    if (req.method !== "GET" && req.method !== "HEAD") {
      const limit = bodyLimitFor(req.path);
      body = req.pipe(
        byteLimit(limit, () => {
          // The route's work is abandoned (and not reported as a failure); the router answers 413 instead.
          overLimit = true;
          controller.abort();
          logger.warn({ requestId: req.get("x-request-id"), method: req.method, path: req.path, limitBytes: limit }, "request body over its limit");
          lingerUntilBodyRead(req, res);
        }),
      );
    }

    // A web body for whoever reads it, and the Node stream for a route that passes it on (app/services/http/node-body.server.ts).
    await answer(body ? requestWithNodeBody(target, init, body) : new Request(target, init));
  };
}

/** An encoded line break (LF, CR) or line or paragraph separator in a path. */
const LINE_TERMINATOR = /%(0a|0d|e2%80%a8|e2%80%a9)/i;

/**
 * React Router matches paths with regular expressions whose `.` stops at a
 * line terminator: a path holding one matches no route, not even the
 * catch-all, so no route middleware runs and the page cannot be rendered (no
 * language). No page has one in its address, so such a path is handed on
 * with the character encoded once more, which the catch-all matches: the
 * answer is the 404 page, with the user's session as on any other page.
 */
export function matchablePath(url: string): string {
  const parsed = new URL(url);
  if (!LINE_TERMINATOR.test(parsed.pathname)) return url;
  parsed.pathname = parsed.pathname.replace(new RegExp(LINE_TERMINATOR.source, "gi"), (encoded) => encoded.replaceAll("%", "%25"));
  return parsed.toString();
}

/** The URL the browser asked for: the host it used (behind a trusted proxy, the forwarded one), and the path as sent; undefined without a host. */
function requestUrl(req: Request): string | undefined {
  const host = req.get("host");
  if (!host || !req.hostname) return undefined;
  const port = /:(\d+)$/.exec(req.app.enabled("trust proxy") ? (req.get("x-forwarded-host") ?? host) : host)?.[1];
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  return `${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`;
}

async function sendResponse(res: Response, response: globalThis.Response): Promise<void> {
  if (isClosed(res) || res.headersSent) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) {
    // The matched route's pattern is for the server's metrics and spans (request-observation.ts), not for the browser.
    if (name === ROUTE_PATTERN_HEADER) res.locals.routePattern = value;
    else res.append(name, value);
  }
  if (!response.body) {
    res.end();
    return;
  }
  // A body that is a Node stream (a page, a catalogue download) is written as it comes, each chunk freed once sent; when
  // the browser goes first, the stream is ended with it (a page's render is aborted).
  const nodeBody = takeNodeBody(response);
  if (nodeBody) {
    writeGivingBack(nodeBody, res);
    await finished(res).catch(() => {});
    if (!res.writableFinished) nodeBody.destroy();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (isClosed(res)) return;
    throw error;
  }
}
