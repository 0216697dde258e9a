/**
 * Checks one image address: it answers over https with an image, the image
 * is a JPEG, PNG, WebP or GIF of at least 500 × 500 pixels, read from at
 * most its first 64 KB (asked for with a range; a server that sends the
 * whole image is cut off there).
 *
 * Never an address inside the network (app/lib/catalogue/image-address.ts):
 * an address written as an IP is judged as written; a name is resolved once
 * for the check, every address it resolves to is judged, and the connection
 * goes to an address so judged (image-connections.ts: a connection pinned
 * to its IP address, reused only by a check whose own judged answer holds
 * that address). There is no second resolution between the check and the
 * connection, so an answer that changes in between (DNS rebinding) cannot
 * slip through. Redirects are followed by hand, each target judged the same
 * way, at most `maxRedirects`. Nothing of the portal's goes with the
 * request: no cookie, no credentials, no header but the ones below.
 *
 * `allowedOrigin` (with `allowedOriginCa`): the one origin inside the
 * network the configuration lets through, the sandbox's image server, whose
 * self-signed certificate is trusted for that origin alone.
 */
import { lookup as dnsLookup } from "node:dns/promises";
import { isIP } from "node:net";
import { createSecureContext, type SecureContext } from "node:tls";
import type { LookupAddress } from "node:dns";
import type { ImageCheckResult, ImageFailureReason } from "#contract/catalogue-images.ts";
import { imageAddress, refusedAddress, type InsideKind } from "#app/lib/catalogue/image-address.ts";
import { IMAGE_HEAD_BYTES, imageHead, MIN_IMAGE_PIXELS } from "#app/lib/catalogue/image-size.ts";
import { ImageConnections, NothingAnswered, type Answer, type Destination } from "./image-connections.ts";
import type { AnswerHead } from "./image-http.ts";

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

function failureOf(given: unknown): ImageFailureReason {
  const error = given instanceof NothingAnswered ? given.cause : given;
  const { code, name } = (error ?? {}) as { code?: string; name?: string };
  if (error instanceof InsideNetwork) return "INSIDE_NETWORK";
  if (name === "AbortError" || name === "TimeoutError" || code === "ABORT_ERR") return "TIMEOUT";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "EAI_NODATA" || code === "EAI_NONAME") return "NAME_NOT_FOUND";
  if (code && TLS_CODES.test(code)) return "TLS_FAILED";
  return "UNREACHABLE";
}

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
const ACCEPT = "image/webp,image/png,image/jpeg,image/gif;q=0.9,image/*;q=0.8";
const USER_AGENT = "seller-portal-image-check/1";
/** A request line's target and a Host header hold printable ASCII alone (the URL parser percent-encodes the rest). */
const PRINTABLE = /^[\x21-\x7e]+$/;

/** What an answer's first bytes say of the image in it. */
function resultOf(answer: Answer): Hop {
  const head = imageHead(answer.body.subarray(0, IMAGE_HEAD_BYTES));
  if (head.kind === "unknown") return { kind: "result", result: fails("UNSUPPORTED_FORMAT") };
  if (head.kind === "more") return { kind: "result", result: fails("UNREADABLE_IMAGE") };
  const { format, width, height } = head;
  const big = width >= MIN_IMAGE_PIXELS && height >= MIN_IMAGE_PIXELS;
  return {
    kind: "result",
    result: big ? { loads: true, reason: null, httpStatus: null, format, width, height } : fails("TOO_SMALL", { format, width, height }),
  };
}

const contentType = (head: AnswerHead) => (head.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();

/** How much of the body a check reads: an image's first bytes, nothing of any other answer. */
function wanted(head: AnswerHead): number {
  return (head.status === 200 || head.status === 206) && contentType(head).startsWith("image/") ? IMAGE_HEAD_BYTES : 0;
}

/** Enough of an image is there once its size is known (or it is known not to be one of the four formats). */
const enough = (body: Buffer) => imageHead(body).kind !== "more";

export class ImageChecker {
  private readonly settings: ImageCheckSettings;
  private readonly resolve: Resolve;
  private readonly connections: ImageConnections;
  private readonly publicContext: SecureContext;
  private readonly allowedContext: SecureContext | null;
  private readonly resolved = new Map<string, { until: number; addresses: Promise<readonly string[]> }>();

  constructor(settings: Partial<ImageCheckSettings> = {}) {
    this.settings = { ...defaultImageCheckSettings, ...settings };
    this.resolve = this.settings.resolve ?? systemResolve;
    this.connections = new ImageConnections({ perOrigin: this.settings.socketsPerHost });
    // One secure context each, for every connection (the system's CAs; the sandbox's certificate for its origin alone).
    this.publicContext = createSecureContext({});
    this.allowedContext =
      this.settings.allowedOrigin === null ? null : createSecureContext(this.settings.allowedOriginCa ? { ca: this.settings.allowedOriginCa } : {});
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

  /** Open connections to `origin` and the addresses they are pinned to (tests). */
  connectionsTo(origin: string): { address: string; uses: number }[] {
    return this.connections.openTo(origin).map((connection) => ({ address: connection.address, uses: connection.uses }));
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
    const allowed = this.allowedContext !== null && url.origin === this.settings.allowedOrigin;
    const target = `${url.pathname}${url.search}`;
    if (!PRINTABLE.test(target) || !PRINTABLE.test(url.host)) return { kind: "result", result: fails("NOT_AN_ADDRESS") };
    const destination: Destination = {
      origin: url.origin,
      hostname: url.hostname.replace(/^\[|\]$/g, ""),
      port: url.port ? Number(url.port) : 443,
      secureContext: allowed ? this.allowedContext! : this.publicContext,
    };
    const addresses = await this.addressesOf(destination.hostname, !allowed);
    // Only these headers: no cookie, no credentials, nothing of the portal's.
    const request = `GET ${target} HTTP/1.1\r\nHost: ${url.host}\r\nAccept: ${ACCEPT}\r\nRange: bytes=0-${IMAGE_HEAD_BYTES - 1}\r\nUser-Agent: ${USER_AGENT}\r\n\r\n`;
    let answer: Answer;
    try {
      answer = await this.exchange(destination, addresses, request, signal, false);
    } catch (error) {
      // A kept connection its server closed meanwhile: once more on a new one.
      if (!(error instanceof NothingAnswered && error.reused) || signal.aborted) throw error;
      answer = await this.exchange(destination, addresses, request, signal, true);
    }
    const { status, headers } = answer.head;
    if (REDIRECTS.has(status)) {
      const location = headers.get("location");
      if (!location) return { kind: "result", result: fails("HTTP_ERROR", { httpStatus: status }) };
      try {
        return { kind: "redirect", location: new URL(location, url).href };
      } catch {
        return { kind: "result", result: fails("NOT_AN_ADDRESS") };
      }
    }
    if (status !== 200 && status !== 206)
      return { kind: "result", result: fails(status === 404 || status === 410 ? "NOT_FOUND" : "HTTP_ERROR", { httpStatus: status }) };
    if (!contentType(answer.head).startsWith("image/")) return { kind: "result", result: fails("NOT_AN_IMAGE") };
    return resultOf(answer);
  }

  private async exchange(destination: Destination, addresses: readonly string[], request: string, signal: AbortSignal, fresh: boolean): Promise<Answer> {
    const { connection, reused } = await this.connections.get(destination, addresses, signal, fresh);
    try {
      return await connection.send(request, signal, wanted, enough, (reusable) => this.connections.release(destination.origin, connection, reusable));
    } catch (error) {
      if (error instanceof NothingAnswered) error.reused = reused;
      throw error;
    }
  }

  close(): void {
    this.connections.close();
    this.resolved.clear();
  }
}
