/** Sign-out at the sandbox's identity provider (RP-initiated logout): at once for the portal's own client, confirmed otherwise. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxClient } from "#contract/upstream.ts";
import { absolute, CookieJar, formAction, portalRedirectUri, signIn, tokenRequest, startTestSandbox, type TestSandbox } from "./helpers.ts";

let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox?.close();
});

describe("sign-out (rp-initiated logout)", () => {
  it("signs the portal's own client out at once with a valid id_token_hint: no confirmation, back to post_logout_redirect_uri", async () => {
    const flow = await signIn(sandbox, "success@example.com");
    const tokens = await tokenRequest(sandbox.issuer, {
      grant_type: "authorization_code",
      code: flow.code,
      redirect_uri: portalRedirectUri,
      code_verifier: flow.verifier,
    });
    const endSession = new URL(`${sandbox.issuer}/session/end`);
    endSession.search = new URLSearchParams({
      id_token_hint: tokens.body.id_token,
      post_logout_redirect_uri: "http://localhost:3000/",
      state: "bye",
    }).toString();
    const response = await flow.jar.fetch(endSession.toString());
    expect(response.status).toBe(303);
    const back = new URL(absolute(sandbox.url, response.headers.get("location")));
    expect(`${back.origin}${back.pathname}`).toBe("http://localhost:3000/");
    expect(back.searchParams.get("state")).toBe("bye");
    // The provider's session is over: the same request now finds nobody to sign out, and the tokens are revoked.
    const again = await flow.jar.fetch(endSession.toString());
    expect(await again.text()).not.toContain('form="op.logoutForm"');
    const refresh = await tokenRequest(sandbox.issuer, { grant_type: "refresh_token", refresh_token: tokens.body.refresh_token });
    expect(refresh.status).toBe(400);
  });

  it("still confirms with an accessible page when no id_token_hint names the portal", async () => {
    const flow = await signIn(sandbox, "success@example.com");
    const endSession = new URL(`${sandbox.issuer}/session/end`);
    endSession.search = new URLSearchParams({
      client_id: sandboxClient.clientId,
      post_logout_redirect_uri: "http://localhost:3000/",
      state: "bye",
    }).toString();
    const page = await flow.jar.fetch(endSession.toString());
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<html lang="en">/);
    expect(html).toMatch(/<button type="submit" form="op.logoutForm">Sign out<\/button>/);
    expect(html).toContain('name="logout" value="yes"');

    const fields = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const confirm = await flow.jar.fetch(formAction(html, sandbox.url), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields as Record<string, string>).toString(),
    });
    expect(confirm.status).toBe(303);
    const back = new URL(absolute(sandbox.url, confirm.headers.get("location")));
    expect(`${back.origin}${back.pathname}`).toBe("http://localhost:3000/");
    expect(back.searchParams.get("state")).toBe("bye");
  });

  it("confirms when the id_token_hint belongs to another account than the one signed in here", async () => {
    const other = await signIn(sandbox, "operator@example.com");
    const otherTokens = await tokenRequest(sandbox.issuer, {
      grant_type: "authorization_code",
      code: other.code,
      redirect_uri: portalRedirectUri,
      code_verifier: other.verifier,
    });
    const flow = await signIn(sandbox, "success@example.com");
    const endSession = new URL(`${sandbox.issuer}/session/end`);
    endSession.search = new URLSearchParams({ id_token_hint: otherTokens.body.id_token, post_logout_redirect_uri: "http://localhost:3000/" }).toString();
    const page = await flow.jar.fetch(endSession.toString());
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('form="op.logoutForm"');
  });

  it("shows a signed-out page without a post_logout_redirect_uri", async () => {
    const jar = new CookieJar();
    const page = await jar.fetch(`${sandbox.issuer}/session/end`);
    const html = await page.text();
    const fields = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const confirm = await jar.fetch(formAction(html, sandbox.url), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields as Record<string, string>).toString(),
    });
    const done = await jar.fetch(absolute(sandbox.url, confirm.headers.get("location")));
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("You are signed out");
  });
});
