/**
 * Who may use the staff journeys' pages and actions over real HTTP
 * (docs/product.md §2, §10): the seller page, my invitations and an
 * invitation's page, returning a catalogue and finishing its mapping, taking
 * a catalogue update in and returning it. Every
 * other role is refused, GET and POST, and a refused POST changes nothing
 * upstream (the sandbox counts every request); another site's post is refused too.
 */
import { roles, type Role } from "#contract/upstream.ts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PORTAL } from "./ports";
import { clearFaultsAndCounters, requestCount } from "./sandbox-control";
import { as, resetSandbox, upstreamSeller } from "./staff-support";

beforeAll(resetSandbox);
afterEach(clearFaultsAndCounters);
afterAll(resetSandbox);

const STAFF = roles.filter((role) => !role.startsWith("SELLER_"));
const returnForm = { intent: "return", sellerId: "seller-submitted", reason: "The prices are missing in every row." };

/** Every upstream request a refused post could have made. */
const MUTATIONS = [
  ["POST", "/catalogue-upload/catalogue-integration/seller/seller-submitted/return"],
  ["POST", "/catalogue-upload/catalogue-integration/seller/seller-submitted/finish-mapping"],
  ["POST", "/catalogue-upload/catalogue-integration/updates/update-any/process"],
  ["POST", "/catalogue-upload/catalogue-integration/updates/update-any/return"],
  ["PUT", "/onboarding/api-external/sellers"],
  ["DELETE", "/user-profile/me/user/remove-substitution"],
] as const;

async function upstreamMutations(): Promise<number> {
  const counts = await Promise.all(MUTATIONS.map(([method, path]) => requestCount(path, method)));
  return counts.reduce((sum, count) => sum + count, 0);
}

const ROUTES: { path: string; allowed: readonly Role[]; forms: Record<string, string>[] }[] = [
  { path: "/sellers/seller-submitted", allowed: STAFF, forms: [returnForm] },
  { path: "/invitations", allowed: ["OPERATOR_BUSINESSDEVELOPER"], forms: [{ search: "x" }] },
  { path: "/invitations/seller-invited", allowed: ["OPERATOR_BUSINESSDEVELOPER"], forms: [{}] },
  {
    path: "/product-catalogue-integration?sellerId=seller-submitted",
    allowed: ["TOM_TEAM_MEMBER"],
    forms: [
      returnForm,
      { intent: "finish", sellerId: "seller-submitted" },
      { intent: "processUpdate", updateId: "update-any" },
      { intent: "returnUpdate", updateId: "update-any", reason: "The prices are missing in every row." },
    ],
  },
];

describe("every role the rules do not allow is refused, GET and POST, and a refused POST changes nothing", () => {
  for (const route of ROUTES) {
    for (const role of roles.filter((candidate) => !route.allowed.includes(candidate))) {
      it(`${role} on ${route.path}`, async () => {
        const browser = await as(role);
        const get = await browser.get(`${PORTAL}${route.path}`);
        expect(get.status, "GET").toBe(302);
        expect(get.headers.get("location")).toBe("/default-redirect");
        await get.body?.cancel();
        for (const form of route.forms) {
          const post = await browser.post(`${PORTAL}${route.path}`, form);
          expect(post.status, "POST").toBe(302);
          expect(post.headers.get("location")).toBe("/default-redirect");
          await post.body?.cancel();
        }
        expect(await upstreamMutations()).toBe(0);
      });
    }
  }

  it("lets the allowed roles in", async () => {
    for (const route of ROUTES) {
      for (const role of route.allowed) {
        const response = await (await as(role)).get(`${PORTAL}${route.path}`);
        expect(response.status, `${role} on ${route.path}`).toBe(200);
        await response.body?.cancel();
      }
    }
  });

  it("answers a POST to the seller page, which has no action of its own, without changing anything", async () => {
    const response = await (await as("OPERATOR_ADMINISTRATOR")).post(`${PORTAL}/sellers/seller-submitted`, returnForm);
    expect(response.status).toBe(405);
    await response.body?.cancel();
    expect(await upstreamMutations()).toBe(0);
  });

  it("refuses the catalogue team's posts from another site (403), and the seller stays waiting", async () => {
    const tom = await as("TOM_TEAM_MEMBER");
    for (const form of [returnForm, { intent: "finish", sellerId: "seller-submitted" }]) {
      const response = await tom.post(`${PORTAL}/product-catalogue-integration?sellerId=seller-submitted`, form, { Origin: "https://evil.example" });
      expect(response.status).toBe(403);
      await response.body?.cancel();
    }
    expect(await upstreamMutations()).toBe(0);
    expect((await upstreamSeller("seller-submitted")).body.state).toBe("CATALOGUE_DATA_SUBMITTED");
  });

  it("sends a user who is not acting as a seller on from the way-back page, to a same-origin page only", async () => {
    const operator = await as("OPERATOR_OTHER");
    expect((await operator.get(`${PORTAL}/substitution?returnTo=%2Fseller-list`)).headers.get("location")).toBe("/seller-list");
    expect((await operator.get(`${PORTAL}/substitution?returnTo=%2F%2Fevil.example`)).headers.get("location")).toBe("/default-redirect");
    const seller = await as("SELLER_ADMINISTRATOR");
    expect((await seller.get(`${PORTAL}/substitution`)).headers.get("location")).toBe("/default-redirect");
  });
});
