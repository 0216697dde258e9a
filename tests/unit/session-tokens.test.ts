import { describe, expect, it } from "vitest";
import { openTokens, sealTokens } from "#app/services/session/session.server.ts";

const secret = "s".repeat(40);
const tokens = { accessToken: "access-123", idToken: "ey.id.token", refreshToken: "refresh-456", expiresAt: 1_800_000_000_000 };

describe("tokens in the session cookie", () => {
  it("are sealed: nothing of them is readable, and they open again with the secret", () => {
    const sealed = sealTokens(tokens, secret);
    expect(sealed).not.toContain("access-123");
    expect(Buffer.from(sealed, "base64url").toString("latin1")).not.toContain("refresh-456");
    expect(openTokens(sealed, secret)).toEqual(tokens);
  });

  it("use a fresh IV each time", () => {
    expect(sealTokens(tokens, secret)).not.toBe(sealTokens(tokens, secret));
  });

  it("do not open with another secret or after tampering", () => {
    const sealed = sealTokens(tokens, secret);
    expect(openTokens(sealed, "t".repeat(40))).toBeUndefined();
    const raw = Buffer.from(sealed, "base64url");
    raw[raw.length - 1]! ^= 1;
    expect(openTokens(raw.toString("base64url"), secret)).toBeUndefined();
    expect(openTokens("not-sealed", secret)).toBeUndefined();
    expect(openTokens(undefined, secret)).toBeUndefined();
  });
});
