/**
 * Sign-in at the OpenID Connect provider: authorization code with PKCE
 * (remix-auth-oauth2), token renewal with the refresh token, and sign-out at
 * the provider's end-session endpoint.
 */
import { ArcticFetchError, type OAuth2Tokens } from "arctic";
import { Authenticator } from "remix-auth";
import { OAuth2Strategy } from "remix-auth-oauth2";
import { z } from "zod";
import { INVITATION_TOKEN } from "#contract/team.ts";
import { SECOND_FACTOR_ENROL_PATH } from "#app/lib/session/second-factor.ts";
import { env, secureCookies } from "#app/services/config/env.server.ts";
import { STATE_COOKIE, withOneStateCookie } from "./oauth-state-cookie.server.ts";

/** The tokens of a signed-in session: kept only in the sealed session cookie, never given to the browser. */
export type SessionTokens = {
  accessToken: string;
  idToken?: string;
  refreshToken?: string;
  /** Epoch milliseconds when the access token stops working. */
  expiresAt: number;
  /** When the user last signed in at the provider (the id token's auth_time, epoch seconds). */
  authTime?: number;
  /** How they signed in (the id token's amr): "pwd", "otp"… */
  amr?: string[];
};
import type { Logger } from "#app/services/observability/logger.server.ts";

const SCOPES = ["openid", "offline_access", "user_info"];

const ProviderMetadata = z.object({
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  end_session_endpoint: z.url().optional(),
  revocation_endpoint: z.url().optional(),
});
type ProviderMetadata = z.infer<typeof ProviderMetadata>;

/**
 * Carries the portal's language to authorizationParams on the request itself:
 * remix-auth hands the strategy a copy of the request, so only its URL and
 * headers get there. Set on the server's own copy, never sent anywhere.
 */
const UI_LOCALE_HEADER = "x-portal-ui-locale";

/**
 * The provider's sign-in asks for the password every time, opens registration
 * on /register (with a colleague's invitation when the link carries one), and shows its pages in the portal's language (`ui_locales`).
 */
class PortalStrategy extends OAuth2Strategy<SessionTokens> {
  override name = "oidc";

  protected override authorizationParams(params: URLSearchParams, request: Request): URLSearchParams {
    const result = new URLSearchParams(params);
    result.set("prompt", "login");
    result.set("max_age", "1");
    const url = new URL(request.url);
    // The second factor's enrolment (/security/second-factor/enrol): the provider asks for it right after the password.
    if (url.pathname === SECOND_FACTOR_ENROL_PATH) result.set("view_type", "second-factor");
    if (url.pathname === "/register") {
      result.set("view_type", "register");
      // A colleague's invitation link (/register?invitation=…): the provider checks the token and fixes address, seller and role.
      const invitation = url.searchParams.get("invitation");
      // A mangled one goes on as a token no invitation has, so that the provider says the link is not known.
      if (invitation !== null) result.set("invitation", INVITATION_TOKEN.test(invitation) ? invitation : "unknown");
    }
    const locale = request.headers.get(UI_LOCALE_HEADER);
    if (locale) result.set("ui_locales", locale);
    return result;
  }
}

const IdTokenSignIn = z.object({ auth_time: z.number().optional(), amr: z.array(z.string()).optional() });

/**
 * How and when the user signed in, from the id token's payload. Read without checking the signature: the token comes
 * straight from the provider's token endpoint over the portal's own connection (OpenID Connect Core 3.1.3.7).
 */
export function signInOf(idToken: string | undefined): { authTime?: number; amr?: string[] } {
  const payload = idToken?.split(".")[1];
  if (!payload) return {};
  try {
    const parsed = IdTokenSignIn.safeParse(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")));
    return parsed.success ? { authTime: parsed.data.auth_time, amr: parsed.data.amr } : {};
  } catch {
    return {};
  }
}

function tokensFrom(tokens: OAuth2Tokens, previous?: SessionTokens): SessionTokens {
  const data = tokens.data as Record<string, unknown>;
  const fresh = typeof data.id_token === "string" ? signInOf(data.id_token) : {};
  return {
    authTime: fresh.authTime ?? previous?.authTime,
    amr: fresh.amr ?? previous?.amr,
    accessToken: tokens.accessToken(),
    idToken: typeof data.id_token === "string" ? data.id_token : previous?.idToken,
    refreshToken: typeof data.refresh_token === "string" ? data.refresh_token : previous?.refreshToken,
    // A provider that states no lifetime gets five minutes before the next renewal.
    expiresAt: Date.now() + ("expires_in" in data ? tokens.accessTokenExpiresInSeconds() : 300) * 1000,
  };
}

/** The provider could not be reached or did not describe itself: nothing the user did wrong. */
export class IdentityProviderUnavailable extends Error {
  override name = "IdentityProviderUnavailable";
}

let metadata: Promise<ProviderMetadata> | undefined;

/** The provider's endpoints, discovered once; a failed discovery is tried again on the next request. */
function providerMetadata(): Promise<ProviderMetadata> {
  metadata ??= (async () => {
    try {
      const response = await fetch(`${env().OIDC_ISSUER}/.well-known/openid-configuration`, {
        headers: { Accept: "application/json" },
        signal: AbortSignal.timeout(env().UPSTREAM_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`discovery answered ${response.status}`);
      return ProviderMetadata.parse(await response.json());
    } catch (cause) {
      throw new IdentityProviderUnavailable(`identity provider at ${env().OIDC_ISSUER} unavailable`, { cause });
    }
  })();
  metadata.catch(() => {
    metadata = undefined;
  });
  return metadata;
}

let authenticator: Promise<{ authenticator: Authenticator<SessionTokens>; strategy: PortalStrategy }> | undefined;

function oidc() {
  authenticator ??= providerMetadata().then((endpoints) => {
    const strategy = new PortalStrategy(
      {
        clientId: env().OIDC_CLIENT_ID,
        clientSecret: env().OIDC_CLIENT_SECRET,
        authorizationEndpoint: endpoints.authorization_endpoint,
        tokenEndpoint: endpoints.token_endpoint,
        tokenRevocationEndpoint: endpoints.revocation_endpoint,
        redirectURI: `${env().PORTAL_URL}/login`,
        scopes: SCOPES,
        cookie: {
          name: STATE_COOKIE,
          httpOnly: true,
          sameSite: "Lax",
          path: "/",
          ...(secureCookies ? { secure: true as const } : {}),
        },
      },
      async ({ tokens }) => tokensFrom(tokens),
    );
    const instance = new Authenticator<SessionTokens>();
    instance.use(strategy);
    return { authenticator: instance, strategy };
  });
  authenticator.catch(() => {
    authenticator = undefined;
  });
  return authenticator;
}

/** The provider's token endpoint gets the same time limit as every upstream call. */
async function withinTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new IdentityProviderUnavailable(`${what} timed out`)), env().UPSTREAM_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Without `state` in the URL: throws the redirect to the provider. On the
 * callback: checks state and PKCE, exchanges the code and returns the tokens.
 */
export async function authenticate(request: Request, options: { uiLocale?: string } = {}): Promise<SessionTokens> {
  const { authenticator } = await oidc();
  const headers = new Headers(request.headers);
  if (options.uiLocale) headers.set(UI_LOCALE_HEADER, options.uiLocale);
  else headers.delete(UI_LOCALE_HEADER);
  // Sign-in requests are GETs: no body to carry over.
  const withLocale = new Request(request.url, { method: request.method, headers, signal: request.signal });
  const exchange = () => withinTimeout(authenticator.authenticate("oidc", withLocale), "token exchange");
  try {
    try {
      return await exchange();
    } catch (thrown) {
      // The request never got an answer (most often a kept-alive connection the provider closed just as it
      // was reused): once more on a new one. A code the provider did take is refused the second time, as before.
      if (thrown instanceof ArcticFetchError) return await exchange();
      throw thrown;
    }
  } catch (thrown) {
    // The redirect to the provider: its pending state goes into the one state cookie.
    if (thrown instanceof Response) throw withOneStateCookie(thrown, request, secureCookies);
    if (thrown instanceof ArcticFetchError) throw new IdentityProviderUnavailable("token endpoint unreachable", { cause: thrown });
    throw thrown;
  }
}

/** A new access token from the refresh token; throws when the provider refuses, IdentityProviderUnavailable when it cannot be asked. */
export async function renewTokens(tokens: SessionTokens): Promise<SessionTokens> {
  if (!tokens.refreshToken) throw new Error("no refresh token");
  const { strategy } = await oidc();
  const renewed = await withinTimeout(strategy.refreshToken(tokens.refreshToken), "token renewal").catch((thrown: unknown) => {
    throw thrown instanceof ArcticFetchError ? new IdentityProviderUnavailable("token endpoint unreachable", { cause: thrown }) : thrown;
  });
  return tokensFrom(renewed, tokens);
}

/**
 * Revokes the refresh and the access token at the provider (RFC 7009), so a
 * copy of the old session cookie opens nothing upstream. Both at once; a
 * provider without a revocation endpoint, or one that fails, is logged and
 * does not stop the sign-out. True when every token was revoked.
 */
export async function revokeTokens(tokens: SessionTokens, log: Logger): Promise<boolean> {
  let strategy: PortalStrategy;
  try {
    if (!(await providerMetadata()).revocation_endpoint) return false;
    ({ strategy } = await oidc());
  } catch (error) {
    log.warn({ err: error }, "tokens not revoked: identity provider unavailable");
    return false;
  }
  const revocable = [tokens.refreshToken, tokens.accessToken].filter((token): token is string => Boolean(token));
  const results = await Promise.allSettled(revocable.map(async (token) => withinTimeout(strategy.revokeToken(token), "token revocation")));
  for (const result of results) {
    if (result.status === "rejected") log.warn({ err: result.reason }, "token revocation failed");
  }
  return results.every((result) => result.status === "fulfilled");
}

/** Where the browser goes to end the session at the provider, or undefined when it has no such endpoint. */
export async function endSessionUrl(idToken: string | undefined): Promise<string | undefined> {
  const endpoint = (await providerMetadata().catch(() => undefined))?.end_session_endpoint;
  if (!endpoint) return undefined;
  const url = new URL(endpoint);
  if (idToken) url.searchParams.set("id_token_hint", idToken);
  url.searchParams.set("client_id", env().OIDC_CLIENT_ID);
  url.searchParams.set("post_logout_redirect_uri", `${env().PORTAL_URL}/`);
  return url.toString();
}
