import { describe, expect, it } from "vitest";
import { imageBaseOf, resolveImageAddress } from "#app/lib/catalogue/image-base.ts";

const BASE = "https://cdn.example-shop.de/media/";

describe("a file's image paths resolved against the seller's base address", () => {
  it("resolves a path below the base, from the host's root, and one directory up, never above the host", () => {
    expect(resolveImageAddress("images/123.jpg", BASE)).toBe("https://cdn.example-shop.de/media/images/123.jpg");
    expect(resolveImageAddress("./images/123.jpg", BASE)).toBe("https://cdn.example-shop.de/media/images/123.jpg");
    expect(resolveImageAddress("/media/123.jpg", "https://cdn.example-shop.de/shop/")).toBe("https://cdn.example-shop.de/media/123.jpg");
    expect(resolveImageAddress("../bilder/123.jpg", BASE)).toBe("https://cdn.example-shop.de/bilder/123.jpg");
    expect(resolveImageAddress("../../../123.jpg", BASE)).toBe("https://cdn.example-shop.de/123.jpg");
    expect(resolveImageAddress("bilder\\123.jpg", BASE)).toBe("https://cdn.example-shop.de/media/bilder/123.jpg");
  });

  it("keeps a path's query and encodes what an address cannot hold", () => {
    expect(resolveImageAddress("images/123.jpg?v=2&size=large", BASE)).toBe("https://cdn.example-shop.de/media/images/123.jpg?v=2&size=large");
    expect(resolveImageAddress("bilder/Tisch groß.jpg", BASE)).toBe("https://cdn.example-shop.de/media/bilder/Tisch%20gro%C3%9F.jpg");
  });

  it("leaves absolute addresses as written, and gives a protocol-relative one https, with or without a base", () => {
    expect(resolveImageAddress("https://images.example.com/1.jpg", BASE)).toBe("https://images.example.com/1.jpg");
    expect(resolveImageAddress("http://images.example.com/1.jpg", BASE)).toBe("http://images.example.com/1.jpg");
    expect(resolveImageAddress("C:\\Bilder\\1.jpg", BASE)).toBe("C:\\Bilder\\1.jpg");
    expect(resolveImageAddress("//images.example.com/1.jpg", BASE)).toBe("https://images.example.com/1.jpg");
    expect(resolveImageAddress("//images.example.com/1.jpg", null)).toBe("https://images.example.com/1.jpg");
  });

  it("leaves a relative path as written without a base, and what is no path at all", () => {
    expect(resolveImageAddress("images/123.jpg", null)).toBe("images/123.jpg");
    expect(resolveImageAddress("keine", BASE)).toBe("keine");
  });
});

describe("the seller's base address", () => {
  it("is kept as a directory without query or fragment", () => {
    expect(imageBaseOf(" https://cdn.example-shop.de/media ")).toEqual({ ok: true, base: "https://cdn.example-shop.de/media/" });
    expect(imageBaseOf("https://cdn.example-shop.de/media/?x=1#top")).toEqual({ ok: true, base: "https://cdn.example-shop.de/media/" });
    expect(imageBaseOf("https://cdn.example-shop.de")).toEqual({ ok: true, base: "https://cdn.example-shop.de/" });
  });

  it("is refused unless https, without credentials, and outside the network", () => {
    expect(imageBaseOf("http://cdn.example-shop.de/")).toEqual({ ok: false, refusal: "notHttps" });
    expect(imageBaseOf("https://user:secret@cdn.example-shop.de/")).toEqual({ ok: false, refusal: "credentials" });
    expect(imageBaseOf("https://127.0.0.1/")).toEqual({ ok: false, refusal: "insideNetwork" });
    expect(imageBaseOf("https://169.254.169.254/latest/")).toEqual({ ok: false, refusal: "insideNetwork" });
    expect(imageBaseOf("https://[::ffff:10.0.0.1]/")).toEqual({ ok: false, refusal: "insideNetwork" });
    expect(imageBaseOf("https://0x7f000001/")).toEqual({ ok: false, refusal: "insideNetwork" });
    expect(imageBaseOf("https://localhost/")).toEqual({ ok: false, refusal: "insideNetwork" });
    expect(imageBaseOf("cdn.example-shop.de/media")).toEqual({ ok: false, refusal: "notAnAddress" });
    expect(imageBaseOf("ftp://cdn.example-shop.de/")).toEqual({ ok: false, refusal: "notAnAddress" });
    expect(imageBaseOf(`https://cdn.example-shop.de/${"a".repeat(2100)}`)).toEqual({ ok: false, refusal: "tooLong" });
  });

  it("lets through the one origin the configuration allows inside the network (the sandbox's image host)", () => {
    expect(imageBaseOf("https://localhost:5500/images", "https://localhost:5500")).toEqual({ ok: true, base: "https://localhost:5500/images/" });
  });
});
