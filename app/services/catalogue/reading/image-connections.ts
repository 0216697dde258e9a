/**
 * The image checker's connections: undici pools, one per origin and judged
 * IP address, whose connections are kept open between checks and reused for
 * the next image of the same origin, so that 10,000 images of one host cost
 * a few dozen TLS handshakes, not 10,000. undici writes the requests and
 * reads the answers (HTTP/1.1); what is ours is where a connection goes.
 *
 * Pinned: every connection of a pool is made to the pool's IP address (the
 * pool's `connect` gives undici's connector that address as the host, so
 * `tls.connect` resolves nothing; a `lookup` that refuses every name stands
 * behind it), with the image's host name as the TLS server name. A check
 * takes a pool only when its own, judged answer for the name holds the
 * pool's address; the pools of an origin to addresses its answer lacks are
 * closed then (what runs on them ends, nothing new starts). A connection
 * made to an address of an earlier answer is never used for a check whose
 * answer no longer holds it. At most `perOrigin` connections a pool, and
 * one pool an origin but while an old answer's pool winds down.
 */
import { isIP, type LookupFunction } from "node:net";
import { createSecureContext } from "node:tls";
import { buildConnector, Pool } from "undici";

/** Where a check's request goes. */
export type Destination = {
  /** The pools' key, and the origin undici names in the request's Host header. */
  origin: string;
  /** The host name without brackets (an IPv6 address bare): the TLS server name when it is a name. */
  hostname: string;
  /** The configuration's one origin inside the network (the sandbox's image host), trusted with its own certificate. */
  allowed: boolean;
};

type Pinned = { pool: Pool; address: string; lastUsed: number };

/** How often pools no check takes any more are looked for. */
const SWEEP_MS = 1_000;

const refuseLookup: LookupFunction = (hostname, _options, callback) =>
  callback(Object.assign(new Error(`No name is looked up for an image check's connection (${hostname})`), { code: "ENOTFOUND" }), "", 4);

export class ImageConnections {
  /** Per origin, its pools by address. */
  private readonly origins = new Map<string, Map<string, Pinned>>();
  private readonly perOrigin: number;
  private readonly timeoutMs: number;
  private readonly idleMs: number;
  private readonly publicConnector: buildConnector.connector;
  private readonly allowedConnector: buildConnector.connector;
  private sweeper: NodeJS.Timeout | null = null;

  constructor(options: { perOrigin: number; timeoutMs: number; idleMs?: number; allowedOrigin: string | null; allowedOriginCa: string | null }) {
    this.perOrigin = options.perOrigin;
    this.timeoutMs = options.timeoutMs;
    this.idleMs = options.idleMs ?? 10_000;
    // One secure context each, for every connection (the system's CAs; the sandbox's certificate for its origin
    // alone), and a connector each: undici's connector keeps TLS sessions per server name, never across the two.
    const connector = (ca: string | null) =>
      buildConnector({ secureContext: createSecureContext(ca ? { ca } : {}), timeout: this.timeoutMs, lookup: refuseLookup });
    this.publicConnector = connector(null);
    this.allowedConnector = options.allowedOrigin === null ? this.publicConnector : connector(options.allowedOriginCa);
  }

  /**
   * The pool for `destination` at one of `addresses` (judged by the caller, in the order of preference): one already
   * open to one of them, or a new one to the first. Use it at once (its request dispatched in the same turn).
   */
  pinnedTo(destination: Destination, addresses: readonly string[]): Pool {
    if (addresses.length === 0) throw Object.assign(new Error("No address to connect to"), { code: "ENOTFOUND" });
    const now = performance.now();
    let own = this.origins.get(destination.origin);
    if (!own) {
      own = new Map();
      this.origins.set(destination.origin, own);
    }
    for (const [address, pinned] of own) if (!addresses.includes(address)) this.retire(destination.origin, pinned);
    let pinned: Pinned | undefined;
    for (const address of addresses) if ((pinned = own.get(address))) break;
    if (!pinned) {
      pinned = { pool: this.open(destination, addresses[0]!), address: addresses[0]!, lastUsed: now };
      own.set(pinned.address, pinned);
      this.sweeper ??= setInterval(() => this.sweep(performance.now()), SWEEP_MS).unref();
    }
    pinned.lastUsed = now;
    return pinned.pool;
  }

  /** Connections open now to `origin`, per address (tests, figures). */
  openTo(origin: string): { address: string; open: number }[] {
    return [...(this.origins.get(origin)?.values() ?? [])]
      .map((pinned) => ({ address: pinned.address, open: pinned.pool.stats.connected }))
      .filter((pinned) => pinned.open > 0);
  }

  /** Closes every connection now. */
  close(): void {
    for (const own of this.origins.values()) for (const pinned of own.values()) pinned.pool.destroy().catch(() => {});
    this.origins.clear();
    this.stopSweeping();
  }

  private open(destination: Destination, address: string): Pool {
    const connector = destination.allowed ? this.allowedConnector : this.publicConnector;
    // None for an address written as an IP: the certificate must name the IP.
    const servername = isIP(destination.hostname) ? undefined : destination.hostname;
    return new Pool(destination.origin, {
      connections: this.perOrigin,
      // The judged IP address as the host to connect to, whatever undici read from the origin.
      connect: (options, callback) => connector({ ...options, hostname: address, servername }, callback),
      keepAliveTimeout: this.idleMs,
      keepAliveMaxTimeout: this.idleMs,
      headersTimeout: this.timeoutMs,
      bodyTimeout: this.timeoutMs,
    });
  }

  /** Closes a pool: what runs on it ends, nothing new is given to it. */
  private retire(origin: string, pinned: Pinned): void {
    const own = this.origins.get(origin);
    if (own?.get(pinned.address) === pinned) own.delete(pinned.address);
    pinned.pool.close().catch(() => {});
  }

  /**
   * Pools no check took for `idleMs` are let go: their kept connections are closed by undici's keep-alive timeout
   * anyway, but not one it opened for nothing after an aborted answer (nodejs/undici#5845).
   */
  private sweep(now: number): void {
    for (const [origin, own] of this.origins) {
      for (const pinned of own.values()) if (now - pinned.lastUsed > this.idleMs) this.retire(origin, pinned);
      if (own.size === 0) this.origins.delete(origin);
    }
    if (this.origins.size === 0) this.stopSweeping();
  }

  private stopSweeping(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
  }
}
