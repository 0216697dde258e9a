/**
 * Checks one image address: it answers over https with an image, the image
 * is a JPEG, PNG, WebP or GIF of at least 500 × 500 pixels, read from at
 * most its first 64 KB (asked for with a range; a server that sends the
 * whole image is cut off there).
 *
 * Never an address inside the network (app/lib/catalogue/image-address.ts):
 * an address written as an IP is judged as written; a name is resolved once
 * for the check, every address it resolves to is judged, and the connection
 * goes to an address so judged. The HTTP exchange is undici's, on pools of
 * our own, one per origin and judged address (image-connections.ts): every
 * connection of a pool is made to its IP address, with the host name as TLS
 * server name, and a check takes a pool only when its own judged answer
 * holds that address. There is no second resolution between the check and
 * the connection, so an answer that changes in between (DNS rebinding)
 * cannot slip through. Redirects are followed here, not by undici (no
 * redirect interceptor: undici answers a 3xx as it is), each target judged
 * the same way, at most `maxRedirects`. Nothing of the portal's goes with
 * the request: no cookie, no credentials, no header but the ones below.
 *
 * `allowedOrigin` (with `allowedOriginCa`): the one origin inside the
 * network the configuration lets through, the sandbox's image server, whose
 * self-signed certificate is trusted for that origin alone.
 */
import { lookup as dnsLookup } from "node:dns/promises";
import { isIP } from "node:net";
import type { LookupAddress } from "node:dns";
import type { Dispatcher } from "undici";
import type { ImageCheckResult, ImageFailureReason } from "#contract/catalogue-images.ts";
import { imageAddress, refusedAddress, type InsideKind } from "#app/lib/catalogue/image-address.ts";
import { IMAGE_HEAD_BYTES, imageHead, MIN_IMAGE_PIXELS } from "#app/lib/catalogue/image-size.ts";
import { ImageConnections, type Destination } from "./image-connections.ts";

/** How a name becomes addresses: the system's resolver, or a test's. */
export type Resolve = (hostname: string) => Promise<readonly LookupAddress[]>;

export type ImageCheckSettings = {
  timeoutMs: number;
  maxRedirects: number;
  /** At most this many connections to one host at once. */
  socketsPerHost: number;
  allowedOrigin: string | null;
  allowedOriginCa: string | null;
  resolve?: Resolve;
  /** How long a name's judged answer serves the checks of its images (one lookup per host, not per image). */
  resolveCacheMs: number;
};

export const defaultImageCheckSettings: ImageCheckSettings = {
  timeoutMs: 5_000,
  maxRedirects: 3,
  socketsPerHost: 16,
  allowedOrigin: null,
  allowedOriginCa: null,
  resolveCacheMs: 5_000,
};

const systemResolve: Resolve = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

class InsideNetwork extends Error {
  readonly code = "INSIDE_NETWORK";
  readonly inside: InsideKind;
  constructor(inside: InsideKind) {
    super(`The address is inside the network (${inside})`);
    this.inside = inside;
  }
}

const TLS_CODES = /^(?:ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|ERR_OSSL_)/;

function failureOf(error: unknown): ImageFailureReason {
  const { code, name } = (error ?? {}) as { code?: string; name?: string };
  if (error instanceof InsideNetwork) return "INSIDE_NETWORK";
  if (name === "AbortError" || name === "TimeoutError" || code === "ABORT_ERR" || code === "UND_ERR_ABORTED") return "TIMEOUT";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "EAI_NODATA" || code === "EAI_NONAME") return "NAME_NOT_FOUND";
  if (code && TLS_CODES.test(code)) return "TLS_FAILED";
  return "UNREACHABLE";
}

/** The connection closed before any answer came (a kept connection its server closed meanwhile): a GET is asked once more. */
const closedUnanswered = (error: unknown) => {
  const code = (error as { code?: string } | null)?.code;
  return code === "UND_ERR_SOCKET" || code === "ECONNRESET" || code === "EPIPE";
};

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

type Hop = { kind: "redirect"; location: string } | { kind: "result"; result: Omit<ImageCheckResult, "url" | "checkedAt"> };

const fails = (reason: ImageFailureReason, extra: Partial<Omit<ImageCheckResult, "url" | "checkedAt" | "loads" | "reason">> = {}) => ({
  loads: false,
  reason,
  httpStatus: null,
  format: null,
  width: null,
  height: null,
  ...extra,
});

/** The most a name's answers are kept for (names of a file's image hosts). */
const RESOLVED_KEPT = 256;
/** Only these headers (undici adds the Host of the pool's origin): no cookie, no credentials, nothing of the portal's. */
const HEADERS = {
  accept: "image/webp,image/png,image/jpeg,image/gif;q=0.9,image/*;q=0.8",
  range: `bytes=0-${IMAGE_HEAD_BYTES - 1}`,
  "user-agent": "seller-portal-image-check/1",
};
/** How long dropping the rest of a short answer (to keep its connection) may take before the connection is closed instead. */
const DRAIN_MS = 2_000;

type Body = Dispatcher.ResponseData["body"];

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * What is left of an answer after the check: read and dropped when it is at most 64 KB in all (a range answered),
 * so that its connection carries the next check; a longer one (an image sent whole) is destroyed, which closes its
 * connection. Not awaited: the check has its result.
 */
function letGo(body: Body): void {
  body.dump({ limit: IMAGE_HEAD_BYTES, signal: AbortSignal.timeout(DRAIN_MS) }).catch(() => {});
}

/** The first bytes of an image answer: until its size is known (or it is known not to be one of the four formats), at most 64 KB. */
function firstBytes(body: Body): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const pieces: Buffer[] = [];
    let length = 0;
    let done = false;
    const bytes = () => (pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces, length));
    const settle = (error?: unknown) => {
      if (done) return;
      done = true;
      body.off("data", onData).off("end", onEnd).off("error", settle).off("close", onClose);
      if (error !== undefined) return reject(error);
      resolve(bytes());
      letGo(body);
    };
    const onData = (piece: Buffer) => {
      const room = IMAGE_HEAD_BYTES - length;
      const taken = piece.length > room ? piece.subarray(0, room) : piece;
      pieces.push(taken);
      length += taken.length;
      if (length >= IMAGE_HEAD_BYTES || imageHead(bytes()).kind !== "more") settle();
    };
    const onEnd = () => settle();
    // Cut off before its end (the server went away): no `end`.
    const onClose = () => settle(Object.assign(new Error("The answer was cut off"), { code: "ECONNRESET" }));
    body.on("data", onData).once("end", onEnd).once("error", settle).once("close", onClose);
  });
}

/** What an image's first bytes say of it. */
function resultOf(bytes: Buffer): Hop {
  const head = imageHead(bytes);
  if (head.kind === "unknown") return { kind: "result", result: fails("UNSUPPORTED_FORMAT") };
  if (head.kind === "more") return { kind: "result", result: fails("UNREADABLE_IMAGE") };
  const { format, width, height } = head;
  const big = width >= MIN_IMAGE_PIXELS && height >= MIN_IMAGE_PIXELS;
  return {
    kind: "result",
    result: big ? { loads: true, reason: null, httpStatus: null, format, width, height } : fails("TOO_SMALL", { format, width, height }),
  };
}

export class ImageChecker {
  private readonly settings: ImageCheckSettings;
  private readonly resolve: Resolve;
  private readonly connections: ImageConnections;
  private readonly resolved = new Map<string, { until: number; addresses: Promise<readonly string[]> }>();

  constructor(settings: Partial<ImageCheckSettings> = {}) {
    this.settings = { ...defaultImageCheckSettings, ...settings };
    this.resolve = this.settings.resolve ?? systemResolve;
    this.connections = new ImageConnections({
      perOrigin: this.settings.socketsPerHost,
      timeoutMs: this.settings.timeoutMs,
      allowedOrigin: this.settings.allowedOrigin,
      allowedOriginCa: this.settings.allowedOriginCa,
    });
  }

  /** The check of `address` (never rejects). */
  async check(address: string): Promise<ImageCheckResult> {
    const checkedAt = () => new Date().toISOString();
    // A timer of its own, cleared when the check ends (AbortSignal.timeout's timer is unreferenced).
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), this.settings.timeoutMs);
    try {
      return await this.follow(address, timeout.signal, checkedAt);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Connections open now to `origin`, per judged address they are made to (tests). */
  connectionsTo(origin: string): { address: string; open: number }[] {
    return this.connections.openTo(origin);
  }

  private async follow(address: string, signal: AbortSignal, checkedAt: () => string): Promise<ImageCheckResult> {
    let current = address;
    for (let redirects = 0; ; redirects++) {
      const parsed = imageAddress(current, this.settings.allowedOrigin);
      if (!parsed.ok) return { url: address, ...fails(parsed.reason), checkedAt: checkedAt() };
      let hop: Hop;
      try {
        hop = await this.hop(parsed.url, signal);
      } catch (error) {
        return { url: address, ...fails(signal.aborted ? "TIMEOUT" : failureOf(error)), checkedAt: checkedAt() };
      }
      if (hop.kind === "result") return { url: address, ...hop.result, checkedAt: checkedAt() };
      if (redirects >= this.settings.maxRedirects) return { url: address, ...fails("TOO_MANY_REDIRECTS"), checkedAt: checkedAt() };
      current = hop.location;
    }
  }

  /**
   * The addresses a connection for `hostname` may go to: an IP address as written, or the name's answer, every
   * address of it judged (`refuseInside`); kept a few seconds for the next images of the same host. Rejects with
   * InsideNetwork when one address of the answer is inside.
   */
  private addressesOf(hostname: string, refuseInside: boolean): Promise<readonly string[]> {
    if (isIP(hostname)) {
      const inside = refuseInside ? refusedAddress(hostname) : null;
      return inside ? Promise.reject(new InsideNetwork(inside)) : Promise.resolve([hostname]);
    }
    const key = `${refuseInside ? "judged" : "allowed"} ${hostname}`;
    const now = performance.now();
    const kept = this.resolved.get(key);
    if (kept && kept.until > now) return kept.addresses;
    const addresses = this.resolve(hostname).then((answer) => {
      if (answer.length === 0) throw Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" });
      const inside = refuseInside ? answer.map((entry) => refusedAddress(entry.address)).find((kind) => kind !== null) : null;
      if (inside) throw new InsideNetwork(inside);
      return answer.map((entry) => entry.address);
    });
    this.resolved.delete(key);
    this.resolved.set(key, { until: now + this.settings.resolveCacheMs, addresses });
    if (this.resolved.size > RESOLVED_KEPT) this.resolved.delete(this.resolved.keys().next().value!);
    // A failed lookup is not kept: the next image of the host asks again.
    addresses.catch(() => {
      if (this.resolved.get(key)?.addresses === addresses) this.resolved.delete(key);
    });
    return addresses;
  }

  private async hop(url: URL, signal: AbortSignal): Promise<Hop> {
    const allowed = this.settings.allowedOrigin !== null && url.origin === this.settings.allowedOrigin;
    const destination: Destination = { origin: url.origin, hostname: url.hostname.replace(/^\[|\]$/g, ""), allowed };
    const addresses = await this.addressesOf(destination.hostname, !allowed);
    const options: Dispatcher.RequestOptions = { method: "GET", path: `${url.pathname}${url.search}`, headers: HEADERS, signal };
    let answer: Dispatcher.ResponseData;
    try {
      answer = await this.connections.pinnedTo(destination, addresses).request(options);
    } catch (error) {
      if (!closedUnanswered(error) || signal.aborted) throw error;
      // Taken again: the answer's addresses may have been judged anew meanwhile.
      answer = await this.connections.pinnedTo(destination, addresses).request(options);
    }
    const { statusCode: status, headers, body } = answer;
    if (REDIRECTS.has(status)) {
      letGo(body);
      const location = header(headers.location);
      if (!location) return { kind: "result", result: fails("HTTP_ERROR", { httpStatus: status }) };
      try {
        return { kind: "redirect", location: new URL(location, url).href };
      } catch {
        return { kind: "result", result: fails("NOT_AN_ADDRESS") };
      }
    }
    if (status !== 200 && status !== 206) {
      letGo(body);
      return { kind: "result", result: fails(status === 404 || status === 410 ? "NOT_FOUND" : "HTTP_ERROR", { httpStatus: status }) };
    }
    const type = (header(headers["content-type"]) ?? "").split(";")[0]!.trim().toLowerCase();
    if (!type.startsWith("image/")) {
      letGo(body);
      return { kind: "result", result: fails("NOT_AN_IMAGE") };
    }
    return resultOf(await firstBytes(body));
  }

  close(): void {
    this.connections.close();
    this.resolved.clear();
  }
}
