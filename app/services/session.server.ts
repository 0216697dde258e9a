/**
 * The signed-in state lives only on the server side of a signed, httpOnly
 * cookie: the tokens, the current user and where to return after sign-in.
 * Nothing here is ever handed to the browser's JavaScript.
 */
import type { CurrentUser } from "@contract/upstream";
import { createContext, createCookieSessionStorage, type MiddlewareFunction, type Session, type SessionStorage } from "react-router";
import { env, secureCookies } from "./env.server";
import { safeReturnPath } from "~/lib/safe-path";

export type SessionTokens = {
  accessToken: string;
  idToken?: string;
  refreshToken?: string;
  /** Epoch milliseconds when the access token stops working. */
  expiresAt: number;
};

type SessionData = {
  tokens: SessionTokens;
  user: CurrentUser;
  userFetchedAt: number;
  lastUrl: string;
};

let storage: SessionStorage<SessionData> | undefined;

function sessionStorage(): SessionStorage<SessionData> {
  storage ??= createCookieSessionStorage<SessionData>({
    cookie: {
      name: "sp_session",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: secureCookies,
      secrets: [env().SESSION_SECRET],
    },
  });
  return storage;
}

/** The request's session, with every change marked so the middleware commits it once. */
export class PortalSession {
  #session: Session<SessionData>;
  changed = false;

  constructor(session: Session<SessionData>) {
    this.#session = session;
  }

  get tokens(): SessionTokens | undefined {
    return this.#session.get("tokens");
  }

  get user(): CurrentUser | undefined {
    return this.#session.get("user");
  }

  get userFetchedAt(): number {
    return this.#session.get("userFetchedAt") ?? 0;
  }

  signIn(tokens: SessionTokens, user: CurrentUser): void {
    this.#session.set("tokens", tokens);
    this.setUser(user);
  }

  setTokens(tokens: SessionTokens): void {
    this.#session.set("tokens", tokens);
    this.changed = true;
  }

  setUser(user: CurrentUser): void {
    this.#session.set("user", user);
    this.#session.set("userFetchedAt", Date.now());
    this.changed = true;
  }

  /** Forgets tokens and user; keeps where the user wanted to go. */
  signOut(): void {
    this.#session.unset("tokens");
    this.#session.unset("user");
    this.#session.unset("userFetchedAt");
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

/** Reads the session once per request and writes it back once, if anything changed. */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const session = new PortalSession(await sessionStorage().getSession(request.headers.get("Cookie")));
  context.set(sessionContext, session);
  const response = await next();
  if (session.changed) response.headers.append("Set-Cookie", await session.commit());
  return response;
};
