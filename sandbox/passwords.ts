import { randomBytes, scryptSync, timingSafeEqual } from "node:crypto";

/** scrypt parameters; stored with each hash so they can change without breaking old rows. */
const cost = 16384;
const keyLength = 32;

export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, keyLength, { N: cost });
  return `scrypt$${cost}$${salt.toString("base64url")}$${hash.toString("base64url")}`;
}

export function verifyPassword(password: string, stored: string): boolean {
  const [scheme, costText, saltText, hashText] = stored.split("$");
  if (scheme !== "scrypt" || !costText || !saltText || !hashText) return false;
  const expected = Buffer.from(hashText, "base64url");
  const actual = scryptSync(password, Buffer.from(saltText, "base64url"), expected.length, { N: Number(costText) });
  return timingSafeEqual(actual, expected);
}
