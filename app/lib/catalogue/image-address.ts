/**
 * Which image addresses the portal may fetch: https only, no credentials in
 * the address, and never an address inside the network. The portal runs
 * beside the marketplace's own services, so a catalogue's image address is a
 * request the seller makes the portal send from inside: loopback, private,
 * link-local, unique-local, carrier-grade NAT, multicast, unspecified,
 * reserved and cloud metadata addresses are refused, in every spelling the
 * URL parser and the resolver accept (an IPv4 address written as one
 * decimal or hex number, or in octal parts, comes out of `new URL` in its
 * dotted form; an IPv4 address inside IPv6, mapped, compatible, NAT64 or
 * 6to4, is judged as the IPv4 address it carries).
 *
 * Pure: the resolving and the connecting are the checker's
 * (app/services/catalogue/reading/image-check.ts), which asks `refusedAddress`
 * for every address a name resolves to, at every redirect.
 */
import { isIP } from "node:net";
import { isRelativePath } from "./mime-source.ts";

/** Why an address inside the network is refused. */
export type InsideKind = "loopback" | "private" | "linkLocal" | "uniqueLocal" | "sharedAddressSpace" | "multicast" | "unspecified" | "metadata" | "reserved";

type Range = { first: bigint; bits: number; size: number; kind: InsideKind };

function ipv4Number(address: string): bigint | null {
  const parts = address.split(".");
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255)) return null;
  return parts.reduce((value, part) => (value << 8n) | BigInt(Number(part)), 0n);
}

/** An IPv6 address as a 128-bit number (`::`, embedded dotted IPv4 and zone ids understood). */
function ipv6Number(address: string): bigint | null {
  let text = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const dotted = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (dotted) {
    const v4 = ipv4Number(dotted[1]!);
    if (v4 === null) return null;
    text = `${text.slice(0, dotted.index)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return null;
  return groups.reduce((value, group) => (value << 16n) | BigInt(parseInt(group, 16)), 0n);
}

function range(cidr: string, kind: InsideKind): Range {
  const [address, prefix] = cidr.split("/") as [string, string];
  const v4 = ipv4Number(address);
  const size = v4 === null ? 128 : 32;
  return { first: (v4 ?? ipv6Number(address))!, bits: Number(prefix), size, kind };
}

/** The first range an address is in names why it is refused: the single metadata addresses come before their wider ranges. */
const IPV4_RANGES: Range[] = [
  // Cloud metadata: AWS, GCP, Azure, OpenStack at 169.254.169.254 (link-local); Azure's wire server; Alibaba's (in 100.64/10).
  range("169.254.169.254/32", "metadata"),
  range("168.63.129.16/32", "metadata"),
  range("100.100.100.200/32", "metadata"),
  range("0.0.0.0/8", "unspecified"),
  range("10.0.0.0/8", "private"),
  range("100.64.0.0/10", "sharedAddressSpace"),
  range("127.0.0.0/8", "loopback"),
  range("169.254.0.0/16", "linkLocal"),
  range("172.16.0.0/12", "private"),
  range("192.0.0.0/24", "reserved"),
  range("192.0.2.0/24", "reserved"),
  range("192.88.99.0/24", "reserved"),
  range("192.168.0.0/16", "private"),
  range("198.18.0.0/15", "reserved"),
  range("198.51.100.0/24", "reserved"),
  range("203.0.113.0/24", "reserved"),
  range("224.0.0.0/4", "multicast"),
  range("240.0.0.0/4", "reserved"),
];

const IPV6_RANGES: Range[] = [
  range("::/128", "unspecified"),
  range("::1/128", "loopback"),
  // AWS's IPv6 metadata address (inside fc00::/7, named for the reason's sake).
  range("fd00:ec2::254/128", "metadata"),
  range("fc00::/7", "uniqueLocal"),
  range("fe80::/10", "linkLocal"),
  // Site-local, deprecated but still routed inside some networks.
  range("fec0::/10", "private"),
  range("ff00::/8", "multicast"),
  range("100::/64", "reserved"),
  range("2001::/32", "reserved"),
  range("2001:db8::/32", "reserved"),
];

/** IPv6 prefixes that carry an IPv4 address in their last 32 bits: judged by it. */
const EMBEDS_IPV4 = [range("::ffff:0:0/96", "reserved"), range("::/96", "reserved"), range("64:ff9b::/96", "reserved"), range("64:ff9b:1::/48", "reserved")];

function within(value: bigint, { first, bits, size }: Range): boolean {
  const shift = BigInt(size - bits);
  return value >> shift === first >> shift;
}

function ipv4Kind(value: bigint): InsideKind | null {
  return IPV4_RANGES.find((candidate) => within(value, candidate))?.kind ?? null;
}

/**
 * Why `address` (an IP address, IPv4 or IPv6, in any form `net.isIP` takes)
 * is inside the network, or null for a public address. Anything that is no
 * IP address is refused as `reserved`: only a checked address is connected to.
 */
export function refusedAddress(address: string): InsideKind | null {
  const bare = address.replace(/^\[|\]$/g, "");
  const family = isIP(bare.replace(/%.*$/, ""));
  if (family === 4) return ipv4Kind(ipv4Number(bare)!);
  if (family !== 6) return "reserved";
  const value = ipv6Number(bare);
  if (value === null) return "reserved";
  const own = IPV6_RANGES.find((candidate) => within(value, candidate));
  if (own) return own.kind;
  if (EMBEDS_IPV4.some((prefix) => within(value, prefix))) return ipv4Kind(value & 0xffffffffn) ?? (value >> 32n === 0n ? "reserved" : null);
  // 6to4: the IPv4 address in bits 16–48.
  if (within(value, range("2002::/16", "reserved"))) return ipv4Kind((value >> 80n) & 0xffffffffn);
  return null;
}

/** Why an image address is refused before anything is sent, or its parsed URL. */
export type ImageAddress =
  | { ok: true; url: URL }
  | { ok: false; reason: "NOT_AN_ADDRESS" | "RELATIVE_PATH" | "NOT_HTTPS" | "CREDENTIALS_IN_ADDRESS" | "INSIDE_NETWORK"; inside?: InsideKind };

/** Names that mean this machine or the local network whatever a resolver says. */
const LOCAL_NAMES = /(?:^|\.)(?:localhost|localdomain|local|internal|home\.arpa)\.?$/i;

/**
 * The first check of an address written in a file: an absolute https URL
 * (a relative path, which names no host, is said to be one: RELATIVE_PATH)
 * without user name or password, whose host is no address (or local name)
 * inside the network. `allowedOrigin`: the one origin the configuration lets
 * through although it is inside the network (the sandbox's image server).
 * A host name that passes is still resolved and each of its addresses
 * checked when the checker connects.
 */
export function imageAddress(text: string, allowedOrigin: string | null = null): ImageAddress {
  // A path with no address of its own (a BMEcat MIME_SOURCE without a web MIME_ROOT, a shop's file name): not checkable.
  if (isRelativePath(text)) return { ok: false, reason: "RELATIVE_PATH" };
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { ok: false, reason: "NOT_AN_ADDRESS" };
  }
  if (url.protocol !== "https:") return { ok: false, reason: url.protocol === "http:" ? "NOT_HTTPS" : "NOT_AN_ADDRESS" };
  if (url.username || url.password) return { ok: false, reason: "CREDENTIALS_IN_ADDRESS" };
  if (allowedOrigin !== null && url.origin === allowedOrigin) return { ok: true, url };
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host)) {
    const inside = refusedAddress(host);
    return inside ? { ok: false, reason: "INSIDE_NETWORK", inside } : { ok: true, url };
  }
  if (LOCAL_NAMES.test(host) || !host.includes(".")) return { ok: false, reason: "INSIDE_NETWORK", inside: "loopback" };
  return { ok: true, url };
}
