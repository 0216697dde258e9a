/**
 * An answer given before the request body has arrived (a refusal, a redirect
 * of a route that never read its form) must still reach the client. Closing
 * the connection while the client is sending makes the peer's kernel answer
 * the next bytes with a reset, and a reset throws away the answer the client
 * has not read yet: the browser shows a connection error, `fetch` an EPIPE.
 *
 * So the answer goes out at once, the rest of the body is read and thrown
 * away, and only then does the response end and the connection close (the
 * "lingering close" of HTTP servers). A client that keeps sending past a
 * bound in bytes or time is cut off: the response ends, the connection is
 * half-closed and still drained for a moment, then closed.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

export const MiB = 1024 * 1024;

export type DiscardBound = { maxBytes: number; maxMs: number };

/**
 * Room for a browser posting a file a few times the largest document limit,
 * on a connection of about 10 Mbit/s; past this the connection is cut.
 */
export const DISCARD_BOUND: DiscardBound = { maxBytes: 32 * MiB, maxMs: 30_000 };

/** Requests whose answer waits for the rest of their body, each with the way to stop waiting and cut the connection. */
const lingering = new WeakMap<IncomingMessage, () => void>();

/** True once an answer was given that waits for the rest of the body (lingerUntilBodyRead). */
export function isLingering(req: IncomingMessage): boolean {
  return lingering.has(req);
}

/**
 * After a cut, how long the connection stays half-closed: the answer and the
 * end of the stream (FIN) are out, and what the client still sends is read
 * and dropped, so no reset reaches it before it has read the answer.
 */
export const LINGER_AFTER_CUT_MS = 2_000;

/**
 * Closes a cut connection once its answer is out, gently: Node would destroy
 * the socket right after its last response (`destroySoon`), and bytes still
 * arriving at a closed socket are answered with a reset that throws the
 * unread answer away. So the socket sends its FIN, keeps reading into
 * nothing, and is destroyed after LINGER_AFTER_CUT_MS.
 */
function closeAfterLinger(req: IncomingMessage, res: ServerResponse): () => void {
  const socket = req.socket;
  let closing = false;
  const linger = () => {
    if (closing) return;
    closing = true;
    socket.end();
    req.on("data", () => undefined);
    req.resume();
    const timer = setTimeout(() => socket.destroy(), LINGER_AFTER_CUT_MS);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
  };
  // Node's own close after a last response, and ours after any other.
  socket.destroySoon = linger;
  res.once("finish", linger);
  return linger;
}

/**
 * Closes the connection once the answer is out (at once when it already is),
 * without waiting for the rest of the body: what the client still sends is
 * read and dropped for LINGER_AFTER_CUT_MS, then the socket is destroyed. An
 * answer that does not finish within CUT_ANSWER_MS is given up with it.
 */
export function cutAfterAnswer(req: IncomingMessage, res: ServerResponse): void {
  const giveUp = setTimeout(() => req.socket.destroy(), CUT_ANSWER_MS);
  giveUp.unref();
  req.socket.once("close", () => clearTimeout(giveUp));
  // An answer held for the rest of the body goes out now, and the connection is cut after it.
  const stopDiscarding = lingering.get(req);
  if (stopDiscarding) return stopDiscarding();
  const linger = closeAfterLinger(req, res);
  if (res.writableFinished) linger();
}

/** How long the answer of a cut connection may take to go out. */
const CUT_ANSWER_MS = 5_000;

/** True while the client may still send body bytes the server has not read. */
export function bodyStillArriving(req: IncomingMessage): boolean {
  if (req.complete || req.destroyed) return false;
  const declared = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (declared !== undefined && declared !== "0");
}

/**
 * Answers without closing on the client: from now on the rest of the body is
 * read and discarded, the response is marked as the connection's last, and
 * its end waits until the body is through (or the bound is reached, after
 * which the connection is cut once the answer is out). Safe to call more
 * than once, and a no-op when the body has already arrived.
 */
export function lingerUntilBodyRead(req: IncomingMessage, res: ServerResponse, bound: DiscardBound = DISCARD_BOUND): void {
  if (lingering.has(req) || !bodyStillArriving(req)) return;
  if (!res.headersSent) res.setHeader("Connection", "close");

  const discarded = new Promise<"read" | "cut">((resolve) => {
    let bytes = 0;
    const timer = setTimeout(() => stop("cut"), bound.maxMs);
    timer.unref();
    function onData(chunk: Buffer) {
      bytes += chunk.length;
      if (bytes > bound.maxBytes) stop("cut");
    }
    function stop(outcome: "read" | "cut") {
      clearTimeout(timer);
      req.off("data", onData);
      if (outcome === "cut") req.pause();
      resolve(outcome);
    }
    lingering.set(req, () => stop("cut"));
    // Whatever the route piped the body into is abandoned: the bytes go nowhere now.
    req.unpipe();
    req.on("data", onData);
    req.once("end", () => stop("read"));
    req.once("close", () => stop("read"));
    req.resume();
  });

  // What is written goes out at once; only the end waits, so the client can read the answer while it sends.
  const end = res.end.bind(res) as (callback?: () => void) => ServerResponse;
  res.end = function heldEnd(this: ServerResponse, chunk?: unknown, encoding?: unknown, callback?: unknown) {
    const done = [chunk, encoding, callback].find((argument): argument is () => void => typeof argument === "function");
    if (chunk !== undefined && chunk !== null && typeof chunk !== "function") {
      this.write(chunk as Buffer | string, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
    }
    void discarded.then((outcome) => {
      end(done);
      if (outcome === "cut") closeAfterLinger(req, res);
    });
    return this;
  } as ServerResponse["end"];
}
