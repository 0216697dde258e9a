import type { KoaContextWithOIDC } from "oidc-provider";

/**
 * Sign-out without the confirmation page, for the portal's own client only:
 * the portal asked its user already, and a browser without JavaScript would
 * otherwise need a second click. Everything else still gets the confirmation.
 */

type TokenModel = { revokeByGrantId(grantId: string): Promise<void> };
type EndSessionProvider = {
  AccessToken: TokenModel;
  RefreshToken: TokenModel;
  AuthorizationCode: TokenModel;
  Grant: { adapter: { destroy(id: string): Promise<void> } };
  cookieName(name: string): string;
};
type EndSessionContext = {
  client?: { clientId: string };
  params: Record<string, unknown>;
  entities: { IdTokenHint?: { payload?: { sub?: string } } };
  session: {
    accountId?: string;
    authorizations?: Record<string, { grantId?: string }>;
    destroy(): Promise<void>;
  };
  cookies: { set(name: string, value: null, options: Record<string, unknown>): void };
  urlFor(name: string): string;
};

/**
 * Ends the provider's session at once when the request names the portal's
 * client through an id_token_hint that oidc-provider validated and that
 * belongs to the account signed in here; revokes the session's grants as the
 * confirmed sign-out does. Returns false (nothing done) otherwise.
 */
export async function endPortalSessionAtOnce(ctx: KoaContextWithOIDC, provider: unknown, portalClientId: string): Promise<boolean> {
  const oidc = ctx.oidc as unknown as EndSessionContext;
  const models = provider as EndSessionProvider;
  const hintedAccount = oidc.entities.IdTokenHint?.payload?.sub;
  if (oidc.client?.clientId !== portalClientId || !hintedAccount || hintedAccount !== oidc.session.accountId) return false;

  const grantIds = Object.values(oidc.session.authorizations ?? {}).flatMap(({ grantId }) => (grantId ? [grantId] : []));
  await Promise.all(
    grantIds.flatMap((grantId) => [
      models.AccessToken.revokeByGrantId(grantId),
      models.RefreshToken.revokeByGrantId(grantId),
      models.AuthorizationCode.revokeByGrantId(grantId),
      models.Grant.adapter.destroy(grantId),
    ]),
  );
  await oidc.session.destroy();
  oidc.cookies.set(models.cookieName("session"), null, { httpOnly: true, sameSite: "lax" });

  const postLogout = typeof oidc.params.post_logout_redirect_uri === "string" ? oidc.params.post_logout_redirect_uri : undefined;
  const target = new URL(postLogout ?? oidc.urlFor("end_session_success"));
  if (postLogout && typeof oidc.params.state === "string") target.searchParams.set("state", oidc.params.state);
  ctx.status = 303;
  (ctx as unknown as { redirect(url: string): void }).redirect(target.href);
  return true;
}
