import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { cookieValue, signedCookie } from "#app/services/cookies/signed-cookie.server.ts";

const secret = "s".repeat(40);
const options = { path: "/", httpOnly: true, sameSite: "lax" as const, secrets: [secret] };
// Umlauts, an emoji and characters base64 and URLs treat specially: the decoding must be React Router's, byte for byte.
const data = { user: { email: "jörg+test@example.com", name: "Müller & Söhne 🚚" }, lastUrl: "/home?x=1&y=/2", n: 1_800_000_000_000 };

/** "name=value" of a Set-Cookie header. */
const pair = (setCookie: string) => setCookie.split(";")[0]!;

describe("the signed cookie read with node:crypto", () => {
  it("reads what React Router's signed cookie wrote, and React Router reads what it writes", async () => {
    const theirs = createCookie("sp_session", options);
    const ours = signedCookie("sp_session", options);
    expect(await ours.parse(pair(await theirs.serialize(data)))).toEqual(data);
    expect(await theirs.parse(pair(await ours.serialize(data)))).toEqual(data);
    expect(ours.isSigned).toBe(true);
    expect(ours.name).toBe("sp_session");
  });

  it("refuses an altered value, an altered or missing signature and another secret, as React Router does", async () => {
    const theirs = createCookie("sp_session", options);
    const written = pair(await theirs.serialize(data)).slice("sp_session=".length);
    const dot = written.lastIndexOf(".");
    const value = written.slice(0, dot);
    const signature = written.slice(dot + 1);
    const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === "A" ? "B" : "A") + text.slice(at + 1);
    const forged = [
      `${flip(value, 5)}.${signature}`,
      `${value}.${flip(signature, 3)}`,
      `${value}.${signature}x`,
      `${value}.`,
      value,
      `${Buffer.from(JSON.stringify({ user: { role: "OPERATOR" } })).toString("base64")}.${signature}`,
    ];
    const ours = signedCookie("sp_session", options);
    for (const cookie of forged) {
      expect(await ours.parse(`sp_session=${cookie}`)).toBeNull();
      expect(await theirs.parse(`sp_session=${cookie}`)).toBeNull();
    }
    expect(await signedCookie("sp_session", { ...options, secrets: ["t".repeat(40)] }).parse(`sp_session=${written}`)).toBeNull();
  });

  it("verifies with every secret and signs with the first (rotation)", async () => {
    const old = createCookie("sp_session", options);
    const rotated = signedCookie("sp_session", { ...options, secrets: ["new".repeat(14), secret] });
    expect(await rotated.parse(pair(await old.serialize(data)))).toEqual(data);
    expect(await old.parse(pair(await rotated.serialize(data)))).toBeNull();
    expect(() => signedCookie("sp_session", { ...options, secrets: [] })).toThrow();
  });

  it("finds its cookie among others as React Router does: the first of the name, trimmed, %-decoded", async () => {
    const theirs = createCookie("sp_session", options);
    const ours = signedCookie("sp_session", options);
    const value = pair(await theirs.serialize(data)).slice("sp_session=".length);
    const headers = [
      `sp_lng=abc; sp_session=${value}; other=1`,
      `sp_session=${value}; sp_session=eyJ9.wrong`,
      `x_sp_session=zzz;  sp_session= \t${value}\t ;flag`,
      `sp_session=${encodeURIComponent(value)}`,
      "sp_lng=abc; other=1",
      "sp_session=",
      "",
    ];
    for (const header of headers) expect(await ours.parse(header)).toEqual(await theirs.parse(header));
    expect(await ours.parse(null)).toBeNull();
    expect(cookieValue("a=1; b=%zz; c", "b")).toBe("%zz");
    expect(cookieValue("novalue; a=1", "a")).toBe("1");
  });
});
