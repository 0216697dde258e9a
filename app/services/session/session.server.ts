/**
 * The signed-in state lives only on the server side of a signed, httpOnly
 * cookie: the tokens, the current user and where to return after sign-in.
 * Nothing here is ever handed to the browser's JavaScript, and the tokens are
 * encrypted as well, so the cookie itself does not carry them readably.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import type { CurrentUser } from "#contract/upstream.ts";
import { createContext, createCookieSessionStorage, type MiddlewareFunction, type Session, type SessionStorage } from "react-router";
import { revokeTokens, type SessionTokens } from "./auth.server.ts";

export type { SessionTokens };
import { env, secureCookies, sessionSecrets } from "#app/services/config/env.server.ts";
import { requestMetaContext } from "#app/services/request/request-context.server.ts";
import type { RequestArgs } from "#app/services/request/request-args.ts";
import { signedCookie } from "#app/services/cookies/signed-cookie.server.ts";
import { safeReturnPath } from "#app/lib/safe-path.ts";

type SessionData = {
  /** SessionTokens, AES-256-GCM encrypted (sealTokens). */
  sealedTokens: string;
  user: CurrentUser;
  userFetchedAt: number;
  lastUrl: string;
  /** Epoch milliseconds of the sign-in: the absolute lifetime counts from here. */
  signedInAt: number;
  /** Epoch milliseconds of the latest request, kept to the minute: the idle lifetime counts from here. */
  lastSeenAt: number;
  /** The session's id at the user-profile service, which every instance asks whether it is still open (session-record.server.ts). */
  sessionId: string;
};

export type SessionLifetimes = { absoluteMs: number; idleMs: number };

/** Why a session ended on its own. */
export type SessionExpiry = "absolute" | "idle";

let storage: SessionStorage<SessionData> | undefined;

function sessionLifetimes(): SessionLifetimes {
  const { SESSION_ABSOLUTE_LIFETIME_SECONDS, SESSION_IDLE_LIFETIME_SECONDS } = env();
  return { absoluteMs: SESSION_ABSOLUTE_LIFETIME_SECONDS * 1000, idleMs: SESSION_IDLE_LIFETIME_SECONDS * 1000 };
}

function sessionStorage(): SessionStorage<SessionData> {
  storage ??= createCookieSessionStorage<SessionData>({
    // Read on every request: verified with node:crypto rather than WebCrypto (signed-cookie.server.ts).
    cookie: signedCookie("sp_session", {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: secureCookies,
      secrets: sessionSecrets(),
    }),
  });
  return storage;
}

const tokenKeys = new Map<string, Buffer>();

/** Derived once per secret: every request with a session opens its tokens. */
function tokenKey(secret: string): Buffer {
  let key = tokenKeys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "", "seller-portal session tokens", 32));
    tokenKeys.set(secret, key);
  }
  return key;
}

export function sealTokens(tokens: SessionTokens, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", tokenKey(secret), iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(tokens), "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url");
}

/** The tokens, or undefined when the value was not sealed with this secret or was altered. */
export function openTokens(value: string | undefined, secret: string): SessionTokens | undefined {
  if (!value) return undefined;
  try {
    const raw = Buffer.from(value, "base64url");
    const decipher = createDecipheriv("aes-256-gcm", tokenKey(secret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8")) as SessionTokens;
  } catch {
    return undefined;
  }
}

/** The request's session, with every change marked so the middleware commits it once. */
export class PortalSession {
  #session: Session<SessionData>;
  /** Opened once per request: the upstream clients read the token on every call. */
  #tokens: SessionTokens | undefined;
  changed = false;

  constructor(session: Session<SessionData>) {
    this.#session = session;
    const sealed = session.get("sealedTokens");
    // Sealed under whichever secret signed the cookie (the second one only while the secret is rotated).
    this.#tokens = sealed ? sessionSecrets().reduce<SessionTokens | undefined>((opened, secret) => opened ?? openTokens(sealed, secret), undefined) : undefined;
  }

  get tokens(): SessionTokens | undefined {
    return this.#tokens;
  }

  get user(): CurrentUser | undefined {
    return this.#session.get("user");
  }

  get userFetchedAt(): number {
    return this.#session.get("userFetchedAt") ?? 0;
  }

  get id(): string | undefined {
    return this.#session.get("sessionId");
  }

  /** When the absolute lifetime ends this session, whatever happens before. */
  get endsAt(): Date | undefined {
    const signedInAt = this.#session.get("signedInAt");
    return signedInAt === undefined ? undefined : new Date(signedInAt + sessionLifetimes().absoluteMs);
  }

  setId(sessionId: string): void {
    this.#session.set("sessionId", sessionId);
    this.changed = true;
  }

  /** A new sign-in: the tokens, and both lifetimes start now. */
  signIn(tokens: SessionTokens, now = Date.now()): void {
    this.#session.unset("sessionId");
    this.setTokens(tokens);
    this.#session.set("signedInAt", now);
    this.#session.set("lastSeenAt", now);
  }

  /**
   * Ends a session past its absolute or idle lifetime (whatever the cookie's
   * own expiry says), and otherwise notes the request for the idle lifetime.
   * The note is written at most every tenth of the idle lifetime (and at
   * least every minute), so most requests set no cookie.
   */
  enforceLifetimes(lifetimes: SessionLifetimes, now = Date.now()): SessionExpiry | undefined {
    if (!this.#session.has("sealedTokens") && !this.#session.has("user")) return undefined;
    const signedInAt = this.#session.get("signedInAt");
    const lastSeenAt = this.#session.get("lastSeenAt");
    // A session without the timestamps predates them: it gets no lifetime of its own.
    const expiry: SessionExpiry | undefined =
      signedInAt === undefined || now - signedInAt > lifetimes.absoluteMs
        ? "absolute"
        : lastSeenAt === undefined || now - lastSeenAt > lifetimes.idleMs
          ? "idle"
          : undefined;
    if (expiry) {
      this.signOut();
      return expiry;
    }
    if (now - lastSeenAt! >= Math.min(60_000, lifetimes.idleMs / 10)) {
      this.#session.set("lastSeenAt", now);
      this.changed = true;
    }
    return undefined;
  }

  setTokens(tokens: SessionTokens): void {
    this.#tokens = tokens;
    this.#session.set("sealedTokens", sealTokens(tokens, env().SESSION_SECRET));
    this.changed = true;
  }

  setUser(user: CurrentUser): void {
    this.#session.set("user", user);
    this.#session.set("userFetchedAt", Date.now());
    this.changed = true;
  }

  /** Forgets tokens and user; keeps where the user wanted to go. Without a session there is nothing to write. */
  signOut(): void {
    if (!this.#session.has("sealedTokens") && !this.#session.has("user")) return;
    this.#tokens = undefined;
    this.#session.unset("sealedTokens");
    this.#session.unset("user");
    this.#session.unset("userFetchedAt");
    this.#session.unset("signedInAt");
    this.#session.unset("lastSeenAt");
    this.#session.unset("sessionId");
    this.changed = true;
  }

  rememberLastUrl(url: URL): void {
    const path = safeReturnPath(url.pathname + url.search);
    if (!path) return;
    this.#session.set("lastUrl", path);
    this.changed = true;
  }

  /** Where to go after sign-in: the remembered page, once, or "/". */
  takeLastUrl(): string {
    const lastUrl = safeReturnPath(this.#session.get("lastUrl")) ?? "/";
    this.#session.unset("lastUrl");
    this.changed = true;
    return lastUrl;
  }

  async commit(): Promise<string> {
    return sessionStorage().commitSession(this.#session);
  }
}

export const sessionContext = createContext<PortalSession>();

/** The signed-in seller's id (while staff act as a seller, that seller's). */
export function currentSellerId(args: RequestArgs): string {
  const sellerId = args.context.get(sessionContext).user?.sellerId;
  if (!sellerId) throw new Response("The signed-in user belongs to no seller", { status: 404 });
  return sellerId;
}

/** Reads the session once per request and writes it back once, if anything changed. */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const session = new PortalSession(await sessionStorage().getSession(request.headers.get("Cookie")));
  const tokens = session.tokens;
  const expiry = session.enforceLifetimes(sessionLifetimes());
  if (expiry) {
    context.get(requestMetaContext).log.info({ expiry }, "session lifetime over");
    // The tokens of an expired session must not outlive it at the provider either; the page does not wait for that.
    if (tokens) void revokeTokens(tokens, context.get(requestMetaContext).log);
  }
  context.set(sessionContext, session);
  const response = await next();
  if (session.changed) response.headers.append("Set-Cookie", await session.commit());
  return response;
};
