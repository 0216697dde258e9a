/**
 * Bodies that pass through the portal (catalogues of gigabytes, both ways) as
 * Node streams, without the web-stream adapters that would copy every chunk.
 *
 * A Request or Response that carries a Node stream gets a web body that
 * converts it only when something reads it, and the Node stream beside it
 * under a registered symbol (the server and the app's build are separate
 * module graphs). Whoever takes the body first decides its form: the
 * catalogue upload takes the request's Node stream, the server writes a
 * download's Node stream straight to the browser, and everything else reads
 * the web body as usual (`formData()`, `json()`, a middleware), which then
 * works as before. `webHeaders` turns Node's parsed headers into web Headers
 * for both directions.
 */
import type { IncomingHttpHeaders } from "node:http";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { createReadableStreamFromReadable } from "@react-router/node";

const NODE_BODY = Symbol.for("seller-portal.node-body");

/** Gives the Node stream to its first taker; null once the body was taken in either form. */
type NodeBodyClaim = () => Readable | null;

/** A web body made from `source` on its first read (high-water mark 0: nothing is pulled ahead), and the claim on `source` itself. */
function claimableBody(source: Readable): { web: ReadableStream<Uint8Array>; claimNode: NodeBodyClaim } {
  let taken: "web" | "node" | undefined;
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  const web = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (taken === "node") {
          controller.error(new TypeError("the body was taken as a Node stream"));
          return;
        }
        taken = "web";
        reader ??= createReadableStreamFromReadable(source).getReader();
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel(reason) {
        if (reader) return reader.cancel(reason);
        if (!taken) source.destroy();
      },
    },
    { highWaterMark: 0 },
  );
  const claimNode = () => {
    if (taken) return null;
    taken = "node";
    return source;
  };
  return { web, claimNode };
}

/** A Request (as the server builds it) whose body is `source`. */
export function requestWithNodeBody(url: string, init: RequestInit & { duplex?: "half" }, source: Readable): Request {
  const { web, claimNode } = claimableBody(source);
  return Object.defineProperty(new Request(url, { ...init, body: web, duplex: "half" } as RequestInit), NODE_BODY, { value: claimNode });
}

/** A Response whose body is `source`, written by the server straight to the browser unless something reads it first. */
export function responseWithNodeBody(source: Readable, init: ResponseInit): Response {
  const { web, claimNode } = claimableBody(source);
  return Object.defineProperty(new Response(web, init), NODE_BODY, { value: claimNode });
}

/** A new Response with `response`'s body, in the form it has: its Node stream when it carries one untaken. */
export function responseWithBodyOf(response: Response, init: ResponseInit): Response {
  const node = takeNodeBody(response);
  return node ? responseWithNodeBody(node, init) : new Response(response.body, init);
}

/** The message's body as its Node stream, when it has one and nobody took the body yet. */
export function takeNodeBody(message: Request | Response): Readable | null {
  const claim = (message as unknown as Record<symbol, NodeBodyClaim | undefined>)[NODE_BODY];
  return claim?.() ?? null;
}

/**
 * The request's body as a Node stream: the server's own when it is still
 * untaken, else the web body adapted (a request built elsewhere, as in tests).
 */
export function requestBodyStream(request: Request, highWaterMark?: number): Readable | null {
  const node = takeNodeBody(request);
  if (node) return node;
  if (!request.body || request.bodyUsed) return null;
  return Readable.fromWeb(request.body as unknown as NodeReadableStream<Uint8Array>, highWaterMark ? { highWaterMark } : undefined);
}

/** Node's parsed headers (a request's or an answer's) as web Headers, repeated ones kept. */
export function webHeaders(incoming: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}
