/**
 * Checks one image address: it answers over https with an image, the image
 * is a JPEG, PNG, WebP or GIF of at least 500 × 500 pixels, read from at
 * most its first 64 KB (asked for with a range; a server that sends the
 * whole image is cut off there).
 *
 * Never an address inside the network (app/lib/catalogue/image-address.ts):
 * an address written as an IP is judged as written; a name is resolved once
 * by the connection's own `lookup`, every address it resolves to is judged,
 * and the connection goes to an address so judged. There is no second
 * resolution between the check and the connection, so an answer that
 * changes in between (DNS rebinding) cannot slip through. Redirects are
 * followed by hand, each target judged the same way, at most
 * `maxRedirects`. Nothing of the portal's goes with the request: no cookie,
 * no credentials, no header but the ones below.
 *
 * `allowedOrigin` (with `allowedOriginCa`): the one origin inside the
 * network the configuration lets through, the sandbox's image server, whose
 * self-signed certificate is trusted for that origin alone.
 */
import { lookup as dnsLookup } from "node:dns/promises";
import { Agent, request, type RequestOptions } from "node:https";
import { createSecureContext } from "node:tls";
import type { IncomingMessage } from "node:http";
import type { LookupAddress } from "node:dns";
import type { ImageCheckResult, ImageFailureReason } from "#contract/catalogue-images.ts";
import { imageAddress, refusedAddress, type InsideKind } from "#app/lib/catalogue/image-address.ts";
import { IMAGE_HEAD_BYTES, imageHead, MIN_IMAGE_PIXELS } from "#app/lib/catalogue/image-size.ts";

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
};

export const defaultImageCheckSettings: ImageCheckSettings = {
  timeoutMs: 5_000,
  maxRedirects: 3,
  socketsPerHost: 16,
  allowedOrigin: null,
  allowedOriginCa: null,
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

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A connection's `lookup` that resolves once and answers only addresses
 * outside the network: one address inside refuses the name.
 */
export function guardedLookup(resolve: Resolve, refuseInside: boolean) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    resolve(hostname).then(
      (addresses) => {
        if (addresses.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), []);
        const inside = refuseInside ? addresses.map((entry) => refusedAddress(entry.address)).find((kind) => kind !== null) : null;
        if (inside) return callback(new InsideNetwork(inside), []);
        if (options.all) callback(null, [...addresses]);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, []),
    );
  };
}

const TLS_CODES = /^(?:ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|ERR_OSSL_)/;

function failureOf(error: unknown): ImageFailureReason {
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

/** Reads the answer's first bytes until the image's size is known (or 64 KB passed), then lets the rest go. */
function readHead(response: IncomingMessage): Promise<Hop> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    let done = false;
    // An answer that ends within the 64 KB (a range answered) is read to its end: its connection serves the next image.
    const declared = Number(response.headers["content-length"]);
    const short = Number.isFinite(declared) && declared <= IMAGE_HEAD_BYTES;
    const finish = (hop: Hop, complete: boolean) => {
      if (done) return;
      done = true;
      // Any other answer not read to its end cannot leave its connection for the next image: it is closed.
      if (!complete) {
        if (short) response.resume();
        else response.destroy();
      }
      resolve(hop);
    };
    const decide = (ended: boolean) => {
      const bytes = Buffer.concat(chunks, length);
      const head = imageHead(bytes.subarray(0, IMAGE_HEAD_BYTES));
      if (head.kind === "more" && !ended && length < IMAGE_HEAD_BYTES) return;
      const complete = ended;
      if (head.kind === "unknown") return finish({ kind: "result", result: fails("UNSUPPORTED_FORMAT") }, complete);
      if (head.kind === "more") return finish({ kind: "result", result: fails("UNREADABLE_IMAGE") }, complete);
      const { format, width, height } = head;
      const big = width >= MIN_IMAGE_PIXELS && height >= MIN_IMAGE_PIXELS;
      finish(
        {
          kind: "result",
          result: big ? { loads: true, reason: null, httpStatus: null, format, width, height } : fails("TOO_SMALL", { format, width, height }),
        },
        complete,
      );
    };
    response.on("data", (chunk: Buffer) => {
      if (done) return;
      chunks.push(chunk);
      length += chunk.length;
      decide(false);
    });
    response.on("end", () => decide(true));
    response.on("error", (error) => {
      if (!done) reject(error);
    });
    // Cut off (the timeout, or the server went away) before its end: no `end`, perhaps no `error` either.
    response.on("close", () => {
      if (!done && !response.complete) {
        done = true;
        reject(Object.assign(new Error("The answer was cut off"), { code: "ECONNRESET" }));
      }
    });
  });
}

export class ImageChecker {
  private readonly settings: ImageCheckSettings;
  private readonly publicAgent: Agent;
  private readonly allowedAgent: Agent | null;

  constructor(settings: Partial<ImageCheckSettings> = {}) {
    this.settings = { ...defaultImageCheckSettings, ...settings };
    const resolve = this.settings.resolve ?? systemResolve;
    const common = { keepAlive: true, maxSockets: this.settings.socketsPerHost, maxFreeSockets: this.settings.socketsPerHost, scheduling: "lifo" as const };
    this.publicAgent = new Agent({ ...common, lookup: guardedLookup(resolve, true) } as ConstructorParameters<typeof Agent>[0]);
    this.allowedAgent =
      this.settings.allowedOrigin === null
        ? null
        : new Agent({
            ...common,
            lookup: guardedLookup(resolve, false),
            // One secure context for every connection to it (a `ca` option alone makes one per connection).
            ...(this.settings.allowedOriginCa ? { secureContext: createSecureContext({ ca: this.settings.allowedOriginCa }) } : {}),
          } as ConstructorParameters<typeof Agent>[0]);
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

  private hop(url: URL, signal: AbortSignal): Promise<Hop> {
    const allowed = this.allowedAgent !== null && url.origin === this.settings.allowedOrigin;
    const options: RequestOptions = {
      method: "GET",
      agent: allowed ? this.allowedAgent! : this.publicAgent,
      signal,
      headers: {
        accept: "image/webp,image/png,image/jpeg,image/gif;q=0.9,image/*;q=0.8",
        range: `bytes=0-${IMAGE_HEAD_BYTES - 1}`,
        "user-agent": "seller-portal-image-check/1",
      },
    };
    return new Promise<Hop>((resolve, reject) => {
      const outgoing = request(url, options, (response) => {
        const status = response.statusCode ?? 0;
        if (REDIRECTS.has(status)) {
          const location = response.headers.location;
          response.resume();
          if (!location) return resolve({ kind: "result", result: fails("HTTP_ERROR", { httpStatus: status }) });
          let next: string;
          try {
            next = new URL(location, url).href;
          } catch {
            return resolve({ kind: "result", result: fails("NOT_AN_ADDRESS") });
          }
          return resolve({ kind: "redirect", location: next });
        }
        if (status !== 200 && status !== 206) {
          response.resume();
          return resolve({ kind: "result", result: fails(status === 404 || status === 410 ? "NOT_FOUND" : "HTTP_ERROR", { httpStatus: status }) });
        }
        const type = String(response.headers["content-type"] ?? "")
          .split(";")[0]!
          .trim()
          .toLowerCase();
        if (!type.startsWith("image/")) {
          response.destroy();
          return resolve({ kind: "result", result: fails("NOT_AN_IMAGE") });
        }
        readHead(response).then(resolve, reject);
      });
      outgoing.on("error", reject);
      outgoing.end();
    });
  }

  close(): void {
    this.publicAgent.destroy();
    this.allowedAgent?.destroy();
  }
}
