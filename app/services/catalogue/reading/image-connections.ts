/**
 * The image checker's connections: TLS connections pinned to one judged IP
 * address each, kept open between checks and reused for the next image of
 * the same origin, so that 10,000 images of one host cost a few dozen TLS
 * handshakes, not 10,000.
 *
 * Pinned: a connection is opened to the IP address it is given (no name
 * is resolved here; `tls.connect` to an IP address does no lookup), with
 * the image's host name as the TLS server name, and it remembers that
 * address. A check takes an open connection only when its own, judged
 * answer for the name holds the connection's address: a connection made to
 * an address of an earlier answer is never used for a check whose answer
 * no longer holds it. At most `perOrigin` connections to one origin.
 */
import { connect, type SecureContext, type TLSSocket } from "node:tls";
import { isIP } from "node:net";
import { AnswerReader, type AnswerHead } from "./image-http.ts";

/** Where a check's request goes: its origin (the pool's key), the name it names and the port. */
export type Destination = {
  origin: string;
  /** The host name without brackets (an IPv6 address bare). */
  hostname: string;
  port: number;
  /** The origin's trust: the system's CAs, or the sandbox's certificate for its origin alone. */
  secureContext: SecureContext;
};

/** A body of at most this much is read to its end and dropped to keep its connection (a range answered); a longer one closes it. */
export const DRAIN_BYTES = 64 * 1024;
/** How long dropping such a rest may take before its connection is closed instead. */
const DRAIN_MS = 2_000;

/** What an exchange answers: the head, the body's first bytes (as many as wanted) and whether that was all of it. */
export type Answer = { head: AnswerHead; body: Buffer; complete: boolean };

/** A failure on a connection before any byte of the answer came: on a reused connection (closed by its server meanwhile) worth one retry. */
export class NothingAnswered extends Error {
  readonly code: string;
  /** It happened on a connection kept from an earlier check (set by the checker). */
  reused = false;
  constructor(cause: unknown) {
    super("The connection ended before an answer", { cause });
    this.code = (cause as { code?: string } | null)?.code ?? "ECONNRESET";
  }
}

const abortError = () => Object.assign(new Error("The check was aborted"), { name: "AbortError", code: "ABORT_ERR" });

type Exchange = {
  reader: AnswerReader;
  /** A byte of the answer came. */
  received: boolean;
  fail: (error: unknown) => void;
};

export class PinnedConnection {
  /** How many requests it carried. */
  uses = 0;
  readonly socket: TLSSocket;
  /** The IP address it is connected to, judged before it was made. */
  readonly address: string;
  private readonly onGone: (connection: PinnedConnection) => void;
  private exchange: Exchange | null = null;
  private gone = false;

  constructor(socket: TLSSocket, address: string, onGone: (connection: PinnedConnection) => void) {
    this.socket = socket;
    this.address = address;
    this.onGone = onGone;
    socket.on("data", (data: Buffer) => {
      const exchange = this.exchange;
      // Bytes nobody asked for (an idle connection): it is not used again.
      if (!exchange) return this.destroy();
      exchange.received = true;
      try {
        exchange.reader.push(data);
      } catch (error) {
        exchange.fail(error);
      }
    });
    socket.on("error", (error) => this.exchange?.fail(error));
    // Idle too long (the pool sets the time while the connection waits for its next check).
    socket.on("timeout", () => this.destroy());
    socket.on("close", () => {
      const exchange = this.exchange;
      if (exchange) {
        try {
          exchange.reader.close();
        } catch (error) {
          exchange.fail(error);
        }
      }
      this.markGone();
    });
  }

  get alive(): boolean {
    return !this.gone && !this.socket.destroyed;
  }

  destroy(): void {
    this.socket.destroy();
    this.markGone();
  }

  private markGone(): void {
    if (this.gone) return;
    this.gone = true;
    this.onGone(this);
  }

  /**
   * Sends `request` (a whole GET, head only) and reads the answer: its head, then as much of its body as
   * `wanted(head)` says, or less once `enough(body so far)` says so. Answers then; what is left of the body is
   * read and dropped afterwards when it is short; `released` is told once whether the connection can carry the
   * next request.
   */
  send(
    request: string,
    signal: AbortSignal,
    wanted: (head: AnswerHead) => number,
    enough: (body: Buffer) => boolean,
    released: (reusable: boolean) => void,
  ): Promise<Answer> {
    this.uses++;
    return new Promise<Answer>((resolve, reject) => {
      let head: AnswerHead | null = null;
      let limit = 0;
      const pieces: Buffer[] = [];
      let length = 0;
      let answered = false;
      let finished = false;
      let drainTimer: NodeJS.Timeout | undefined;
      const body = () => (pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces, length));
      const done = (reusable: boolean) => {
        if (finished) return;
        finished = true;
        clearTimeout(drainTimer);
        signal.removeEventListener("abort", onAbort);
        this.exchange = null;
        if (!reusable) this.destroy();
        released(reusable && this.alive);
      };
      const answer = (complete: boolean) => {
        if (answered) return;
        answered = true;
        resolve({ head: head!, body: body(), complete });
        if (complete) return done(reader.reusable);
        // The rest of a short body is dropped to keep the connection; a long one (an image sent whole) closes it.
        if (!reader.drainable(DRAIN_BYTES)) return done(false);
        drainTimer = setTimeout(() => done(false), DRAIN_MS);
      };
      const reader = new AnswerReader({
        onHead: (given) => {
          head = given;
          limit = wanted(given);
          if (limit === 0) answer(false);
        },
        onBody: (piece) => {
          if (answered) {
            if (!reader.drainable(DRAIN_BYTES)) done(false);
            return;
          }
          const room = limit - length;
          const taken = piece.length > room ? piece.subarray(0, room) : piece;
          pieces.push(taken);
          length += taken.length;
          if (length >= limit || enough(body())) answer(false);
        },
        onEnd: () => {
          if (!answered) answer(true);
          else done(reader.reusable);
        },
      });
      const exchange: Exchange = {
        reader,
        received: false,
        fail: (error: unknown) => {
          if (answered) return done(false);
          answered = true;
          done(false);
          reject(exchange.received ? error : new NothingAnswered(error));
        },
      };
      const onAbort = () => exchange.fail(abortError());
      this.exchange = exchange;
      if (signal.aborted) return onAbort();
      signal.addEventListener("abort", onAbort, { once: true });
      this.socket.write(request, "latin1");
    });
  }
}

type OriginConnections = {
  open: Set<PinnedConnection>;
  /** Idle connections, the most recently used last. */
  idle: PinnedConnection[];
  waiting: (() => void)[];
};

export class ImageConnections {
  private readonly origins = new Map<string, OriginConnections>();
  private readonly idleMs: number;
  private readonly perOrigin: number;

  constructor(options: { perOrigin: number; idleMs?: number }) {
    this.perOrigin = options.perOrigin;
    this.idleMs = options.idleMs ?? 10_000;
  }

  /** Connections open now to `origin` (tests, figures). */
  openTo(origin: string): readonly PinnedConnection[] {
    return [...(this.origins.get(origin)?.open ?? [])];
  }

  /**
   * A connection to `destination` at one of `addresses` (judged by the caller, in the order of preference): an idle
   * one to one of them, or a new one to the first, waiting while the origin has `perOrigin` open. `fresh`: a new one.
   */
  async get(
    destination: Destination,
    addresses: readonly string[],
    signal: AbortSignal,
    fresh = false,
  ): Promise<{ connection: PinnedConnection; reused: boolean }> {
    if (addresses.length === 0) throw Object.assign(new Error("No address to connect to"), { code: "ENOTFOUND" });
    const own = this.originOf(destination.origin);
    for (;;) {
      if (signal.aborted) throw abortError();
      if (!fresh) {
        const at = own.idle.findLastIndex((connection) => addresses.includes(connection.address));
        if (at !== -1) {
          const [connection] = own.idle.splice(at, 1);
          connection!.socket.setTimeout(0);
          if (connection!.alive) return { connection: connection!, reused: true };
          continue;
        }
      }
      if (own.open.size < this.perOrigin) return { connection: await this.open(destination, addresses[0]!, own, signal), reused: false };
      // All open: an idle one to an address this answer does not hold (or any idle one, for a fresh one) makes room.
      const spare = own.idle.shift();
      if (spare) {
        spare.destroy();
        continue;
      }
      await new Promise<void>((resolve, reject) => {
        const turn = () => {
          signal.removeEventListener("abort", onAbort);
          resolve();
        };
        const onAbort = () => {
          own.waiting.splice(own.waiting.indexOf(turn), 1);
          reject(abortError());
        };
        own.waiting.push(turn);
        signal.addEventListener("abort", onAbort, { once: true });
      });
    }
  }

  /** Closes every connection. */
  close(): void {
    for (const own of this.origins.values()) for (const connection of own.open) connection.destroy();
    this.origins.clear();
  }

  private originOf(origin: string): OriginConnections {
    let own = this.origins.get(origin);
    if (!own) {
      own = { open: new Set(), idle: [], waiting: [] };
      this.origins.set(origin, own);
    }
    return own;
  }

  private wake(own: OriginConnections): void {
    own.waiting.shift()?.();
  }

  private open(destination: Destination, address: string, own: OriginConnections, signal: AbortSignal): Promise<PinnedConnection> {
    // An IP address as the host: `tls.connect` connects to it as given, no name is resolved.
    const socket = connect({
      host: address,
      port: destination.port,
      // The name the certificate must be for (none for an address written as an IP: the certificate must name the IP).
      servername: isIP(destination.hostname) ? undefined : destination.hostname,
      secureContext: destination.secureContext,
      ALPNProtocols: ["http/1.1"],
    });
    socket.setNoDelay(true);
    const connection = new PinnedConnection(socket, address, (gone) => {
      own.open.delete(gone);
      const at = own.idle.indexOf(gone);
      if (at !== -1) own.idle.splice(at, 1);
      if (own.open.size === 0 && own.waiting.length === 0) this.origins.delete(destination.origin);
      this.wake(own);
    });
    own.open.add(connection);
    return new Promise<PinnedConnection>((resolve, reject) => {
      const settle = (error?: unknown) => {
        socket.off("secureConnect", connected);
        socket.off("error", settle);
        signal.removeEventListener("abort", aborted);
        if (error === undefined) return resolve(connection);
        connection.destroy();
        reject(error);
      };
      const connected = () => settle();
      const aborted = () => settle(abortError());
      socket.once("secureConnect", connected);
      socket.once("error", settle);
      signal.addEventListener("abort", aborted, { once: true });
    });
  }

  /** After an exchange: an idle connection for the next check of its origin, or closed. */
  release(origin: string, connection: PinnedConnection, reusable: boolean): void {
    const own = this.origins.get(origin);
    if (!reusable || !own || !own.open.has(connection) || !connection.alive) return connection.destroy();
    own.idle.push(connection);
    connection.socket.setTimeout(this.idleMs);
    this.wake(own);
  }
}
