import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "../../sandbox/passwords.ts";

describe("the sandbox's password check", () => {
  it("answers a pair tried before as it did, and derives any other pair afresh", () => {
    const stored = hashPassword("demo");
    expect(verifyPassword("demo", stored)).toBe(true);
    expect(verifyPassword("demo", stored)).toBe(true);
    expect(verifyPassword("Demo", stored)).toBe(false);
    expect(verifyPassword("Demo", stored)).toBe(false);
    // The same password against another account's hash (or a changed one): checked against that hash, not remembered.
    const changed = hashPassword("new secret");
    expect(verifyPassword("demo", changed)).toBe(false);
    expect(verifyPassword("new secret", changed)).toBe(true);
    expect(verifyPassword("new secret", stored)).toBe(false);
  });

  it("refuses a stored value that is no scrypt hash, whatever was tried before", () => {
    expect(verifyPassword("demo", "plain$demo")).toBe(false);
    expect(verifyPassword("demo", "")).toBe(false);
  });
});
