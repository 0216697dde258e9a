/**
 * A request's body as a Node stream, for the routes that pass large bodies on
 * (catalogue uploads) rather than read them.
 *
 * The server (server/request-handler.ts) hands React Router a Request whose
 * body is converted to a web stream only when something reads it, and puts
 * the Node stream it came from beside it under this key. Whoever takes the
 * body first decides its form: a route that takes the Node stream saves two
 * conversions and a copy of every chunk (a catalogue of gigabytes), and a
 * route that reads `request.body` or `formData()` works as before. The key is
 * a registered symbol because the server and the app's build are separate
 * module graphs.
 */
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";

export const NODE_BODY = Symbol.for("seller-portal.node-request-body");

/** Gives the Node stream to its first taker; null once the body was taken in either form. */
export type NodeBodyClaim = () => Readable | null;

/**
 * The request's body as a Node stream: the server's own when it is still
 * untaken, else the web body adapted (a request built elsewhere, as in tests).
 */
export function requestBodyStream(request: Request, highWaterMark?: number): Readable | null {
  const claim = (request as unknown as Record<symbol, NodeBodyClaim | undefined>)[NODE_BODY];
  const node = claim?.();
  if (node) return node;
  if (!request.body || request.bodyUsed) return null;
  return Readable.fromWeb(request.body as unknown as NodeReadableStream<Uint8Array>, highWaterMark ? { highWaterMark } : undefined);
}
