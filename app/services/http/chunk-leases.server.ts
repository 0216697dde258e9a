/**
 * Frees the memory of a passing body's chunks as soon as everyone who had
 * them is done, instead of at V8's next full collection.
 *
 * Node's HTTP server hands each piece of a request body over in a Buffer of
 * its own (a copy out of the parser), and so does its client with an answer's
 * body. On a catalogue of gigabytes these are garbage a moment later, but
 * their memory lies outside V8's heap: V8 frees it only in a full collection,
 * which that external memory triggers every few tens of MB. On an upload
 * those collections were half of the portal's CPU, and on a download their
 * memory took the portal past its bound (ADR 009).
 *
 * The reader of such a body holds each chunk it owns alone and lends views of
 * it to a known number of consumers; each consumer gives a view back once its
 * bytes are written or copied. When the reader and every consumer are done,
 * the chunk's ArrayBuffer is detached, which frees its memory at once.
 * Anything not given back by all of them is left to the garbage collector as
 * before: a consumer that does not know of leases costs the saving, never the
 * bytes. A view must be given back only after the last use of its bytes (a
 * socket's write callback, not the write call).
 */
import type { OutgoingMessage } from "node:http";
import type { Socket } from "node:net";
import { pipeline, Transform, type Readable } from "node:stream";

type Lease = { holders: number };

/**
 * One registry per process under a registered symbol: the server and the
 * app's build load this module separately, and a download's chunks are held
 * in the one and given back in the other.
 */
const REGISTRY = Symbol.for("seller-portal.chunk-leases");
const leases: WeakMap<ArrayBuffer, Lease> = ((globalThis as Record<symbol, unknown>)[REGISTRY] ??= new WeakMap<ArrayBuffer, Lease>()) as WeakMap<
  ArrayBuffer,
  Lease
>;

/**
 * The reader takes `chunk`, which it alone holds (a piece of a body as Node's
 * HTTP server or client made it). Only a Buffer spanning its whole, unshared
 * ArrayBuffer qualifies: a slice of a pool or a view of a larger buffer is
 * never leased. Answers whether the chunk is now held.
 */
export function holdChunk(chunk: Uint8Array): boolean {
  const buffer = chunk.buffer;
  if (!(buffer instanceof ArrayBuffer) || chunk.byteOffset !== 0 || chunk.byteLength !== buffer.byteLength || chunk.byteLength === 0) return false;
  if (leases.has(buffer)) return false;
  leases.set(buffer, { holders: 1 });
  return true;
}

/** A view of a held chunk goes to `consumers` consumers, each of which gives it back once. */
export function lendView(view: Uint8Array, consumers: number): void {
  const lease = leases.get(view.buffer as ArrayBuffer);
  if (lease) lease.holders += consumers;
}

/**
 * A consumer is done with `view`, or the reader with its chunk. A view of a
 * chunk that was never held (a part's headers, a copy) is ignored.
 */
export function giveBack(view: Uint8Array): void {
  const buffer = view.buffer as ArrayBuffer;
  const lease = leases.get(buffer);
  if (!lease) return;
  lease.holders -= 1;
  if (lease.holders > 0) return;
  leases.delete(buffer);
  // Detaching frees the memory now; every view of it reads as empty from here on.
  buffer.transfer(0);
}

/**
 * `source` passed on with each chunk held, for a source whose chunks are
 * copies of their own that nothing else keeps (the body of an upstream
 * answer, as Node's HTTP client hands it over). Whoever writes them on gives
 * each back (`writeGivingBack`); a reader that does not, leaves them to the
 * garbage collector.
 */
export function holdEachChunk(source: Readable): Readable {
  const holding = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      holdChunk(chunk);
      callback(null, chunk);
    },
  });
  return pipeline(source, holding, () => {});
}

/**
 * Writes `body` into `out` (a request to a service, or the answer to the
 * browser) as it arrives, pausing it while `out` is full, and gives each
 * chunk back once `out` has written it, which a pipe would not tell. Ends
 * `out` with the body; a body that fails or closes before its end destroys
 * `out`, so the other side sees the transfer break instead of end as if
 * complete.
 */
export function writeGivingBack(body: Readable, out: OutgoingMessage): void {
  out.on("drain", () => body.resume());
  body.on("error", (error) => out.destroy(error));
  body.on("close", () => {
    if (!body.readableEnded) out.destroy();
  });
  // Corked from the first chunk of a turn of the event loop to the next tick, so that every chunk that arrives in the
  // same turn leaves in one write (writev): a corrected file's pieces of one piece of the download
  // (corrected-file.server.ts) as much as a chunk of the file as stored. The message is corked too, so that a chunked
  // body's pieces of one turn go as one chunk (one length line), and the socket around it, which the message's uncork
  // uncorks before it writes the chunk. Uncorked at once, each piece was a system call and a chunk of its own.
  let corked: Socket | null = null;
  const uncork = () => {
    const socket = corked;
    if (!socket) return;
    corked = null;
    out.uncork();
    socket.uncork();
  };
  body.on("data", (chunk: Buffer) => {
    const socket = out.socket;
    if (!corked && socket) {
      corked = socket;
      socket.cork();
      out.cork();
      process.nextTick(uncork);
    }
    // The callback as second argument: the compression middleware's `res.write` passes on only two.
    const more = out.write(chunk, (error) => {
      if (!error) giveBack(chunk);
    });
    if (!more) body.pause();
  });
  // Uncorked first, should a body end in the turn of its last chunk (a stream's end comes a tick later, so it has not
  // been seen to): a message's end writes the last chunk's mark before the chunks it holds corked.
  body.on("end", () => {
    uncork();
    out.end();
  });
}
