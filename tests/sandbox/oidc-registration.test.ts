/** Registration at the sandbox's identity provider (`view_type=register`): a new seller administrator with a new seller. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callService, followToPortal, formAction, openSignIn, portalRedirectUri, signIn, tokenRequest, startTestSandbox, type TestSandbox } from "./helpers.ts";

let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox?.close();
});

describe("registration", () => {
  const register = async (fields: Record<string, string>) => {
    const flow = await openSignIn(sandbox, { view_type: "register" });
    expect(flow.html).toContain("Register as a seller");
    expect(flow.html.match(/<h1[\s>]/g)).toHaveLength(1);
    for (const name of ["email", "password", "companyName", "language"]) {
      expect(flow.html).toMatch(new RegExp(`<label for="${name}">`));
    }
    const response = await flow.jar.fetch(formAction(flow.html, sandbox.url), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
    return { flow, response };
  };

  it("creates a seller administrator with a REGISTERED seller and signs them in", async () => {
    const { flow, response } = await register({
      email: "new.shop@example.com",
      password: "secret-1",
      companyName: "Neue Werkstatt GmbH",
      language: "de",
    });
    expect(response.status).toBe(303);
    const callback = await followToPortal(sandbox, flow.jar, response);
    const tokens = await tokenRequest(sandbox.issuer, {
      grant_type: "authorization_code",
      code: callback.searchParams.get("code") ?? "",
      redirect_uri: portalRedirectUri,
      code_verifier: flow.verifier,
    });
    expect(tokens.status).toBe(200);
    const token = tokens.body.access_token as string;

    const me = await callService(sandbox, "/user-profile/me/user", { token });
    expect(me.body).toMatchObject({
      email: "new.shop@example.com",
      role: "SELLER_ADMINISTRATOR",
      languageCode: "de",
      substitutionMode: false,
    });
    const seller = await callService(sandbox, "/onboarding/me/seller", { token });
    expect(seller.body).toMatchObject({ id: me.body.sellerId, name: "Neue Werkstatt GmbH", state: "REGISTERED" });
    const progress = await callService(sandbox, "/onboarding/me/seller/catalogue-import-progress", { token });
    expect(progress.body.every((step: { complete: boolean }) => !step.complete)).toBe(true);

    // The new account can sign in with its password.
    const again = await signIn(sandbox, "new.shop@example.com", "secret-1");
    expect(again.code).not.toBe("");
  });

  it("refuses a taken email address and keeps what was typed", async () => {
    const { response } = await register({
      email: "seller.new@example.com",
      password: "secret-1",
      companyName: "Doppelt GmbH",
      language: "de",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("exists already");
    expect(html).toContain('value="seller.new@example.com"');
    expect(html).toContain('value="Doppelt GmbH"');
    expect(html).toMatch(/<option value="de" lang="de" selected>/);
    expect(html).toMatch(/id="email"[^>]*aria-invalid="true"/);
  });

  it("reports missing fields", async () => {
    const { response } = await register({ email: "not-an-email", password: "", companyName: "", language: "en" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Enter a valid email address.");
    expect(html).toContain("Enter your company&#39;s name.");
    expect(html).toContain('value="not-an-email"');
  });

  it("is reachable from the sign-in page's link", async () => {
    const flow = await openSignIn(sandbox);
    const page = await flow.jar.fetch(`${flow.interactionUrl}?view=register`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Register as a seller");
  });
});
