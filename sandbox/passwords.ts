import { createHash, randomBytes, scryptSync, timingSafeEqual } from "node:crypto";

/** scrypt parameters; stored with each hash so they can change without breaking old rows. */
const cost = 16384;
const keyLength = 32;

export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, keyLength, { N: cost });
  return `scrypt$${cost}$${salt.toString("base64url")}$${hash.toString("base64url")}`;
}

/**
 * The answers of checks made before, by a digest of the stored hash and the password tried: the sandbox's provider
 * checks the same demo password against the same hash at every sign-in of a test run (many hundreds), and each scrypt
 * costs 40–70 ms of CPU. That cost is the point of scrypt in a real provider; in this emulator of one it only slows
 * the tests. A pair tried before answers as it did; any other pair (another password, or the same one against a
 * changed hash) is derived afresh. Bounded: emptied when full.
 */
const checked = new Map<string, boolean>();
const CHECKED_MAX = 1_000;

export function verifyPassword(password: string, stored: string): boolean {
  const key = createHash("sha256").update(stored).update("\0").update(password).digest("base64url");
  const known = checked.get(key);
  if (known !== undefined) return known;
  const answer = derivedMatches(password, stored);
  if (checked.size >= CHECKED_MAX) checked.clear();
  checked.set(key, answer);
  return answer;
}

function derivedMatches(password: string, stored: string): boolean {
  const [scheme, costText, saltText, hashText] = stored.split("$");
  if (scheme !== "scrypt" || !costText || !saltText || !hashText) return false;
  const expected = Buffer.from(hashText, "base64url");
  const actual = scryptSync(password, Buffer.from(saltText, "base64url"), expected.length, { N: Number(costText) });
  return timingSafeEqual(actual, expected);
}
