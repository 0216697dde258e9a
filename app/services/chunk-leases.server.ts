/**
 * Frees the memory of a request body's chunks as soon as everyone who had
 * them is done, instead of at V8's next full collection.
 *
 * Node's HTTP server hands each piece of a body over in a Buffer of its own
 * (a copy out of the parser). On a catalogue of gigabytes these are garbage a
 * moment later, but their memory lies outside V8's heap: V8 frees it only in
 * a full collection, which that external memory triggers every few tens of
 * MB. On an upload those collections were half of the portal's CPU (ADR 009).
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

type Lease = { holders: number };

const leases = new WeakMap<ArrayBuffer, Lease>();

/**
 * The reader takes `chunk`, which it alone holds (a piece of a request body as
 * the HTTP server made it). Only a Buffer spanning its whole, unshared
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
