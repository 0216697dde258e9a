import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Guest tokens for the analytics service: signed, so the sandbox keeps no
 * table of them. A token names one dashboard and one seller and expires.
 */
const secret = randomBytes(32);
export const GUEST_TOKEN_TTL_MS = 5 * 60_000;

type GuestClaims = { dashboardId: string; sellerId: string; exp: number };

function sign(payload: string): string {
  return createHmac("sha256", secret).update(payload).digest("base64url");
}

export function issueGuestToken(dashboardId: string, sellerId: string, now = Date.now()): { token: string; expiresAt: string } {
  const claims: GuestClaims = { dashboardId, sellerId, exp: now + GUEST_TOKEN_TTL_MS };
  const payload = Buffer.from(JSON.stringify(claims)).toString("base64url");
  return { token: `${payload}.${sign(payload)}`, expiresAt: new Date(claims.exp).toISOString() };
}

/** The token's claims when its signature holds and it has not expired. */
export function verifyGuestToken(token: string | undefined, now = Date.now()): GuestClaims | undefined {
  const [payload, signature] = (token ?? "").split(".");
  if (!payload || !signature) return undefined;
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as GuestClaims;
  return claims.exp > now ? claims : undefined;
}
