/**
 * The image address rules: https only, no credentials, and never an address
 * inside the network, in every spelling (decimal, hex and octal IPv4, IPv6
 * with an IPv4 address inside it), nor a local name.
 */
import { describe, expect, it } from "vitest";
import { imageAddress, refusedAddress } from "#app/lib/catalogue/image-address.ts";

describe("refusedAddress", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.3.4", "loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.178.1", "private"],
    ["169.254.10.20", "linkLocal"],
    ["169.254.169.254", "metadata"],
    ["168.63.129.16", "metadata"],
    ["100.100.100.200", "metadata"],
    ["100.64.0.1", "sharedAddressSpace"],
    ["100.127.255.254", "sharedAddressSpace"],
    ["224.0.0.251", "multicast"],
    ["239.255.255.250", "multicast"],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["255.255.255.255", "reserved"],
    ["192.0.2.10", "reserved"],
    ["198.18.0.5", "reserved"],
  ])("refuses the IPv4 address %s (%s)", (address, kind) => {
    expect(refusedAddress(address)).toBe(kind);
  });

  it.each([
    ["::1", "loopback"],
    ["0:0:0:0:0:0:0:1", "loopback"],
    ["::", "unspecified"],
    ["fe80::1", "linkLocal"],
    ["fe80::1%eth0", "linkLocal"],
    ["fc00::1", "uniqueLocal"],
    ["fd12:3456:789a::1", "uniqueLocal"],
    ["fd00:ec2::254", "metadata"],
    ["ff02::1", "multicast"],
    ["fec0::1", "private"],
    ["2001:db8::1", "reserved"],
    // IPv4 inside IPv6: judged as the IPv4 address.
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:10.0.0.1", "private"],
    ["::ffff:a9fe:a9fe", "metadata"],
    ["::127.0.0.1", "loopback"],
    ["64:ff9b::192.168.1.1", "private"],
    ["2002:7f00:1::", "loopback"],
    ["2002:c0a8:101::1", "private"],
  ])("refuses the IPv6 address %s (%s)", (address, kind) => {
    expect(refusedAddress(address)).toBe(kind);
  });

  it.each(["93.184.216.34", "8.8.8.8", "172.32.0.1", "100.128.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8", "2a00:1450:4001:80b::2004"])(
    "lets the public address %s through",
    (address) => {
      expect(refusedAddress(address)).toBeNull();
    },
  );

  it("refuses what is no IP address at all", () => {
    expect(refusedAddress("example.com")).toBe("reserved");
    expect(refusedAddress("1.2.3")).toBe("reserved");
  });
});

describe("imageAddress", () => {
  const refusal = (text: string, allowed: string | null = null) => {
    const result = imageAddress(text, allowed);
    return result.ok ? null : { reason: result.reason, inside: result.inside };
  };

  it("takes an https address of a public host", () => {
    expect(imageAddress("https://cdn.example.com/p/1.jpg").ok).toBe(true);
    expect(imageAddress("  https://93.184.216.34/p.jpg ").ok).toBe(true);
  });

  it("refuses what is not https, and what is no address", () => {
    expect(refusal("http://cdn.example.com/1.jpg")).toEqual({ reason: "NOT_HTTPS", inside: undefined });
    expect(refusal("ftp://cdn.example.com/1.jpg")?.reason).toBe("NOT_AN_ADDRESS");
    expect(refusal("file:///etc/passwd")?.reason).toBe("NOT_AN_ADDRESS");
    expect(refusal("bilder/1.jpg")?.reason).toBe("RELATIVE_PATH");
    expect(refusal("C:\\Bilder\\1.jpg")?.reason).toBe("RELATIVE_PATH");
    expect(refusal("keine Angabe")?.reason).toBe("NOT_AN_ADDRESS");
    expect(refusal("")?.reason).toBe("NOT_AN_ADDRESS");
  });

  it("refuses credentials in the address", () => {
    expect(refusal("https://user:secret@cdn.example.com/1.jpg")?.reason).toBe("CREDENTIALS_IN_ADDRESS");
    expect(refusal("https://user@cdn.example.com/1.jpg")?.reason).toBe("CREDENTIALS_IN_ADDRESS");
  });

  it.each([
    // Decimal, hex and octal spellings of 127.0.0.1, as the URL parser reads them.
    ["https://2130706433/a.jpg", "loopback"],
    ["https://0x7f000001/a.jpg", "loopback"],
    ["https://0x7f.1/a.jpg", "loopback"],
    ["https://0177.0.0.1/a.jpg", "loopback"],
    ["https://017700000001/a.jpg", "loopback"],
    ["https://127.1/a.jpg", "loopback"],
    ["https://0/a.jpg", "unspecified"],
    // 169.254.169.254 as one decimal number and in hex.
    ["https://2852039166/latest/meta-data/", "metadata"],
    ["https://0xa9fea9fe/latest/meta-data/", "metadata"],
    ["https://0xa9.0xfe.0xa9.0xfe/", "metadata"],
    ["https://10.0.0.1/a.jpg", "private"],
    ["https://[::1]/a.jpg", "loopback"],
    ["https://[::ffff:127.0.0.1]/a.jpg", "loopback"],
    ["https://[::ffff:7f00:1]/a.jpg", "loopback"],
    ["https://[0:0:0:0:0:ffff:a00:1]/a.jpg", "private"],
    ["https://[fe80::1]/a.jpg", "linkLocal"],
    ["https://[fd00::1]/a.jpg", "uniqueLocal"],
    ["https://[ff02::1]/a.jpg", "multicast"],
    ["https://[::]/a.jpg", "unspecified"],
    ["https://100.64.1.1/a.jpg", "sharedAddressSpace"],
    ["https://224.0.0.1/a.jpg", "multicast"],
  ])("refuses %s (%s)", (text, inside) => {
    expect(refusal(text)).toEqual({ reason: "INSIDE_NETWORK", inside });
  });

  it.each([
    "https://localhost/a.jpg",
    "https://LOCALHOST./a.jpg",
    "https://images.localhost/a.jpg",
    "https://nas.local/a.jpg",
    "https://metadata.google.internal/",
    "https://intranet/a.jpg",
  ])("refuses the local name of %s", (text) => {
    expect(refusal(text)?.reason).toBe("INSIDE_NETWORK");
  });

  it("lets exactly the allowed origin through, no other spelling or port of it", () => {
    const allowed = "https://localhost:5543";
    expect(imageAddress("https://localhost:5543/images/large.jpg", allowed).ok).toBe(true);
    expect(refusal("https://localhost:5544/images/large.jpg", allowed)?.reason).toBe("INSIDE_NETWORK");
    expect(refusal("https://127.0.0.1:5543/images/large.jpg", allowed)?.reason).toBe("INSIDE_NETWORK");
    expect(refusal("http://localhost:5543/images/large.jpg", allowed)?.reason).toBe("NOT_HTTPS");
  });
});
