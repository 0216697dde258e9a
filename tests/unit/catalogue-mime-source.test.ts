/** BMEcat pictures named by a path relative to the catalogue's MIME_ROOT (app/lib/catalogue/mime-source.ts). */
import { describe, expect, it } from "vitest";
import { isRelativePath, mimeRootBase, resolveMimeSource } from "#app/lib/catalogue/mime-source.ts";

describe("a picture's path under MIME_ROOT", () => {
  it("resolves a relative path under an https MIME_ROOT, with or without its closing slash", () => {
    expect(resolveMimeSource("bilder/12345.jpg", "https://cdn.example.com/katalog/")).toBe("https://cdn.example.com/katalog/bilder/12345.jpg");
    expect(resolveMimeSource("bilder/12345.jpg", "https://cdn.example.com/katalog")).toBe("https://cdn.example.com/katalog/bilder/12345.jpg");
    expect(resolveMimeSource("12345.jpg", "https://cdn.example.com")).toBe("https://cdn.example.com/12345.jpg");
  });

  it("takes a leading ./ or / and Windows backslashes as under the root, and never climbs above it", () => {
    expect(resolveMimeSource("./bilder/1.jpg", "https://cdn.example.com/k/")).toBe("https://cdn.example.com/k/bilder/1.jpg");
    expect(resolveMimeSource("/bilder/1.jpg", "https://cdn.example.com/k/")).toBe("https://cdn.example.com/k/bilder/1.jpg");
    expect(resolveMimeSource("bilder\\gross\\1.jpg", "https://cdn.example.com/k/")).toBe("https://cdn.example.com/k/bilder/gross/1.jpg");
    expect(resolveMimeSource("../../../etc/1.jpg", "https://cdn.example.com/k/")).toBe("https://cdn.example.com/k/etc/1.jpg");
  });

  it("encodes spaces and umlauts once, and keeps what was encoded already", () => {
    expect(resolveMimeSource("Bilder/Küchen topf.jpg", "https://cdn.example.com/")).toBe("https://cdn.example.com/Bilder/K%C3%BCchen%20topf.jpg");
    expect(resolveMimeSource("Bilder/K%C3%BCchen%20topf.jpg", "https://cdn.example.com/")).toBe("https://cdn.example.com/Bilder/K%C3%BCchen%20topf.jpg");
  });

  it("leaves an absolute address as written, whatever MIME_ROOT says", () => {
    expect(resolveMimeSource("https://img.example.org/1.jpg", "https://cdn.example.com/")).toBe("https://img.example.org/1.jpg");
    expect(resolveMimeSource(" http://img.example.org/1.jpg ", "https://cdn.example.com/")).toBe("http://img.example.org/1.jpg");
    expect(resolveMimeSource("//img.example.org/1.jpg", "https://cdn.example.com/")).toBe("//img.example.org/1.jpg");
  });

  it("leaves a relative path as written when MIME_ROOT is no web address, or there is none", () => {
    expect(resolveMimeSource("bilder/1.jpg", null)).toBe("bilder/1.jpg");
    expect(resolveMimeSource("bilder/1.jpg", "/mime-files/")).toBe("bilder/1.jpg");
    expect(resolveMimeSource("bilder/1.jpg", "C:\\Katalog\\Bilder")).toBe("bilder/1.jpg");
    expect(resolveMimeSource("bilder/1.jpg", "ftp://files.example.com/")).toBe("bilder/1.jpg");
    expect(resolveMimeSource("bilder/1.jpg", "https://user:secret@cdn.example.com/")).toBe("bilder/1.jpg");
    expect(resolveMimeSource("C:\\Bilder\\1.jpg", "https://cdn.example.com/")).toBe("C:\\Bilder\\1.jpg");
  });

  it("takes an http MIME_ROOT as the address it names (the check then says it is not https)", () => {
    expect(resolveMimeSource("1.jpg", "http://cdn.example.com/k")).toBe("http://cdn.example.com/k/1.jpg");
    expect(mimeRootBase("https://cdn.example.com/k?x=1#y")?.href).toBe("https://cdn.example.com/k/");
  });

  it("knows a relative path from an address and from text that is neither", () => {
    for (const path of ["bilder/1.jpg", "1.jpg", "/media/1.png", "C:\\Bilder\\1.jpg", "D:/x/1.webp", "bilder/ohne-endung"])
      expect(isRelativePath(path)).toBe(true);
    for (const other of ["", "  ", "https://cdn.example.com/1.jpg", "ftp://x/1.jpg", "data:image/png;base64,AAAA", "//cdn.example.com/1.jpg", "keine Angabe"])
      expect(isRelativePath(other)).toBe(false);
  });
});
