/**
 * A business developer's invitations over real HTTP (docs/product.md §10):
 * "my invitations" filtered in the URL, one invitation's page, and what each
 * says when the service fails.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PORTAL } from "./ports";
import { clearFaultsAndCounters, injectFault, requestCount } from "./sandbox-control";
import { as, invitation, resetSandbox } from "./staff-support";

beforeAll(resetSandbox);
afterEach(clearFaultsAndCounters);
afterAll(resetSandbox);

const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

describe("my invitations", () => {
  it("lists the sellers this business developer invited, filtered by registration, state and search in the URL", async () => {
    const bd = await as("OPERATOR_BUSINESSDEVELOPER");
    expect((await bd.post(`${PORTAL}/invite-seller`, invitation)).status).toBe(302);
    const all = await text(await bd.get(`${PORTAL}/invitations`));
    expect(all).toContain("2 invitations");
    expect(all.indexOf("Ostsee Strandkörbe GmbH")).toBeLessThan(all.indexOf("Weserblick Wohnen GmbH"));
    expect(all).toContain("Waiting for the registration");
    const searched = await text(await bd.get(`${PORTAL}/invitations?search=weser&status=PENDING`));
    expect(searched).toContain("1 invitation");
    expect(searched).not.toContain("Ostsee Strandkörbe GmbH");
    expect(searched).toContain('value="weser"');
    const registered = await text(await bd.get(`${PORTAL}/invitations?status=REGISTERED`));
    expect(registered).toContain("No invitations match these filters");
    // A value the list does not know is left out, not an error.
    expect((await bd.get(`${PORTAL}/invitations?status=LATER&page=-1`)).status).toBe(200);
  });

  it("is the error page with the service's facts when the list cannot be read", async () => {
    await injectFault({ pattern: "/onboarding/api-external/invitations", status: 500 });
    const response = await (await as("OPERATOR_BUSINESSDEVELOPER")).get(`${PORTAL}/invitations`);
    expect(response.status).toBe(502);
    expect(await text(response)).toContain("INJECTED_FAULT");
    // A read is retried once.
    expect(await requestCount("/onboarding/api-external/invitations", "GET")).toBe(2);
  });
});

describe("an invitation's page", () => {
  it("shows who, which address and the registration link; 404 for a seller nobody invited", async () => {
    const bd = await as("OPERATOR_BUSINESSDEVELOPER");
    const page = await text(await bd.get(`${PORTAL}/invitations/seller-invited`));
    expect(page).toContain("Invitation: Weserblick Wohnen GmbH");
    expect(page).toContain("anna.weber@weserblick-wohnen.example.com");
    expect(page).toContain(`value="${PORTAL}/register"`);
    expect(page).toContain("Anna Weber has not registered yet.");
    for (const path of ["/invitations/seller-active", "/invitations/..%2Fx"]) {
      const response = await bd.get(`${PORTAL}${path}`);
      expect(response.status, path).toBe(404);
      await response.body?.cancel();
    }
  });

  it("is the error page with the service's facts when the invitation cannot be read", async () => {
    await injectFault({ pattern: "/onboarding/api-external/invitations/*", status: 503 });
    const response = await (await as("OPERATOR_BUSINESSDEVELOPER")).get(`${PORTAL}/invitations/seller-invited`);
    expect(response.status).toBe(502);
    expect(await text(response)).toContain("INJECTED_FAULT");
  });
});
