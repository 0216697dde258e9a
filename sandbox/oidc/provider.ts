import { generateKeyPairSync, randomUUID } from "node:crypto";
import Provider, { type Account, type ClientInstance, type KoaContextWithOIDC, type TokenSource } from "oidc-provider";
import { sandboxClient } from "#contract/upstream.ts";
import { readMeta, writeMeta, type Database } from "../db.ts";
import { findUserById } from "../repository.ts";
import { endPortalSessionAtOnce } from "./end-session.ts";
import { errorPage, logoutPage, signedOutPage } from "./pages.ts";
import { pageLanguage, texts } from "./texts.ts";
import { SqliteAdapter } from "./sqlite-adapter.ts";

/** The scopes the portal asks for; `user_info` carries the claims below. */
export const portalScopes = "openid offline_access user_info";
const userInfoClaims = ["email", "role", "language"];

/**
 * Authorization parameter the sandbox sets itself (see `markOfflineAccess`):
 * it remembers through the sign-in that the client asked for offline_access.
 */
export const offlineAccessParam = "sandbox_offline_access";

/** Fixed cookie-signing keys: the sandbox holds no secrets worth protecting. */
const cookieKeys = ["sandbox-cookie-key-1f0c6a", "sandbox-cookie-key-9b2e47"];

export type ProviderOptions = {
  issuer: string;
  db: Database;
  portalUrls: string[];
  accessTokenTtlSeconds: number;
};

export function createProvider(options: ProviderOptions): Provider {
  const { db, portalUrls } = options;
  const mountPath = new URL(options.issuer).pathname.replace(/\/$/, "");
  const isPortalClient = (client: ClientInstance | undefined) => client?.clientId === sandboxClient.clientId;

  const provider = new Provider(options.issuer, {
    adapter: (model: string) => new SqliteAdapter(db, model),
    jwks: signingKeys(db),
    clients: [
      {
        client_id: sandboxClient.clientId,
        client_secret: sandboxClient.clientSecret,
        client_name: "Seller portal",
        token_endpoint_auth_method: "client_secret_basic",
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        redirect_uris: portalUrls.map((url) => `${url}/login`),
        post_logout_redirect_uris: portalUrls.flatMap((url) => [`${url}/`, url]),
      },
    ],
    responseTypes: ["code"],
    // How a user signed in (interactions.ts, signInMethods): named in discovery, stated in the id token with amr.
    acrValues: ["urn:sandbox:acr:password", "urn:sandbox:acr:second-factor"],
    scopes: portalScopes.split(" "),
    // acr, amr and auth_time with the openid scope: every id token says how and when the user signed in.
    claims: { acr: null, amr: null, auth_time: null, sid: null, iss: null, openid: ["sub", "acr", "amr", "auth_time"], user_info: userInfoClaims },
    // The portal's id token carries the user_info claims too, not only userinfo.
    conformIdTokenClaims: false,
    // `invitation`: the token of a colleague's invitation, for the registration page (sandbox/team.ts).
    extraParams: ["view_type", "invitation", offlineAccessParam],
    pkce: { required: () => true },
    cookies: { keys: cookieKeys },
    clientBasedCORS: () => false,
    features: {
      devInteractions: { enabled: false },
      // Signing out of the portal revokes its tokens here (RFC 7009); discovery names the endpoint.
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx: KoaContextWithOIDC, form: string) => {
          if (await endPortalSessionAtOnce(ctx, provider, sandboxClient.clientId)) return;
          ctx.type = "html";
          ctx.body = logoutPage(languageOf(ctx), form);
        },
        postLogoutSuccessSource: async (ctx: KoaContextWithOIDC) => {
          ctx.type = "html";
          ctx.body = signedOutPage(languageOf(ctx), portalUrls[0]);
        },
      },
    },
    interactions: {
      url: (_ctx: KoaContextWithOIDC, interaction: { uid: string }) => `${mountPath}/interaction/${interaction.uid}`,
    },
    ttl: {
      AccessToken: options.accessTokenTtlSeconds,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      RefreshToken: 14 * 24 * 60 * 60,
      Session: 14 * 24 * 60 * 60,
      Grant: 14 * 24 * 60 * 60,
    },
    renderError: async (ctx: KoaContextWithOIDC, out: Record<string, unknown>) => {
      ctx.type = "html";
      ctx.body = errorPage(languageOf(ctx), texts[languageOf(ctx)].problemTitle, out);
    },
    findAccount: async (_ctx: KoaContextWithOIDC, sub: string): Promise<Account | undefined> => {
      const user = findUserById(db, sub);
      if (!user) return undefined;
      return {
        accountId: user.id,
        claims: async () => {
          // Read again: the language may have changed since sign-in.
          const current = findUserById(db, sub) ?? user;
          return { sub: current.id, email: current.email, role: current.role, language: current.language_code };
        },
      };
    },
    /**
     * The portal is the marketplace's own client: it gets every scope and
     * claim it asks for without a consent screen. oidc-provider drops
     * offline_access from a request whose prompt lacks `consent` (the portal
     * sends prompt=login); the parameter set by `markOfflineAccess` puts it back.
     */
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { oidc } = ctx;
      const client = oidc.client;
      const accountId = oidc.session.accountId;
      if (!client || !accountId) return undefined;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(client.clientId);
      let grant = grantId ? await provider.Grant.find(grantId) : undefined;
      if (grant && grant.accountId !== accountId) grant = undefined;
      if (!isPortalClient(client)) return grant;

      if (oidc.params[offlineAccessParam] === "requested") {
        const scopes = new Set((oidc.params.scope ?? "").split(" ").filter(Boolean));
        scopes.add("offline_access");
        oidc.params.scope = [...scopes].join(" ");
      }
      grant ??= new provider.Grant({ accountId, clientId: client.clientId });
      grant.addOIDCScope(portalScopes);
      grant.addOIDCClaims(userInfoClaims);
      await grant.save();
      return grant;
    },
    issueRefreshToken: async (_ctx: KoaContextWithOIDC, client: ClientInstance, source: TokenSource) =>
      client.grantTypeAllowed("refresh_token") && source.scopes.has("offline_access"),
  });

  return provider;
}

/**
 * Rewrites an authorization request's query so that a requested
 * offline_access survives until the grant is built (see loadExistingGrant).
 * Returns the new query string, or undefined when nothing changes.
 */
export function markOfflineAccess(search: string): string | undefined {
  const params = new URLSearchParams(search);
  const spoofed = params.has(offlineAccessParam);
  params.delete(offlineAccessParam);
  const requested = (params.get("scope") ?? "").split(" ").includes("offline_access");
  if (requested) params.set(offlineAccessParam, "requested");
  return requested || spoofed ? params.toString() : undefined;
}

/** The language of a provider page: the request's ui_locales, else the browser's Accept-Language. */
function languageOf(ctx: KoaContextWithOIDC) {
  const headers = (ctx as { headers?: Record<string, string | undefined> }).headers ?? {};
  return pageLanguage(ctx.oidc?.params?.ui_locales, headers["accept-language"]);
}

/** One RSA signing key, made on first start and kept in the database so id tokens stay valid across restarts. */
function signingKeys(db: Database): { keys: Record<string, unknown>[] } {
  const stored = readMeta(db, "oidc_jwks");
  if (stored) return JSON.parse(stored) as { keys: Record<string, unknown>[] };
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwks = { keys: [{ ...privateKey.export({ format: "jwk" }), kid: randomUUID(), use: "sig", alg: "RS256" }] };
  writeMeta(db, "oidc_jwks", JSON.stringify(jwks));
  return jwks;
}
