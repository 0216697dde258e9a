/**
 * Who may enter and post on the staff screens over real HTTP (docs/product.md
 * §2, §11): every refused role and every cross-site post changes nothing.
 */
import { roles, type Role } from "#contract/upstream.ts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PORTAL } from "./ports";
import { clearFaultsAndCounters, requestCount } from "./sandbox-control";
import { as, invitation, resetSandbox, seededEdit, upstreamSeller } from "./staff-support";

const MUTATIONS = [
  ["PUT", "/onboarding/api-external/sellers"],
  ["DELETE", "/onboarding/api-external/sellers/delete"],
  ["POST", "/onboarding/api-external/sellers/seller-mapped/mark-as-active"],
  ["POST", "/user-profile/me/user/substitute-into-seller-user"],
] as const;

async function upstreamMutations(): Promise<number> {
  const counts = await Promise.all(MUTATIONS.map(([method, path]) => requestCount(path, method)));
  return counts.reduce((sum, count) => sum + count, 0);
}

beforeAll(resetSandbox);
afterEach(clearFaultsAndCounters);
afterAll(resetSandbox);

/** The route table (docs/product.md §2) and the acting-as-seller rule: path → the roles that may use it. */
const STAFF_ROUTES: { path: string; allowed: readonly Role[]; form: Record<string, string> }[] = [
  { path: "/seller-list", allowed: ["OPERATOR_BUSINESSDEVELOPER_INTERNATIONAL", "OPERATOR_SUCCESSMANAGER", "OPERATOR_OTHER"], form: {} },
  { path: "/invite-seller", allowed: ["OPERATOR_BUSINESSDEVELOPER"], form: invitation },
  { path: "/invite-seller/check?crmId=CRM-100001", allowed: ["OPERATOR_BUSINESSDEVELOPER"], form: {} },
  { path: "/seller-administration", allowed: ["OPERATOR_ADMINISTRATOR"], form: seededEdit },
  { path: "/delete-seller?sellerId=seller-new", allowed: ["OPERATOR_ADMINISTRATOR"], form: { confirmName: "Frischer Wind Handel UG" } },
  { path: "/mark-as-active?sellerId=seller-mapped", allowed: ["OPERATOR_ADMINISTRATOR", "OPERATOR_SUCCESSMANAGER"], form: {} },
  {
    path: "/substitution/start",
    allowed: ["OPERATOR_ADMINISTRATOR", "OPERATOR_BUSINESSDEVELOPER_INTERNATIONAL", "OPERATOR_SUCCESSMANAGER", "OPERATOR_OTHER"],
    form: { userProfileId: "user-seller-new", sellerId: "seller-new", returnTo: "/seller-list" },
  },
];

describe("access: every role the route table does not allow is refused, GET and POST, and a refused POST changes nothing", () => {
  for (const route of STAFF_ROUTES) {
    for (const role of roles.filter((candidate) => !route.allowed.includes(candidate))) {
      it(`${role} on ${route.path}`, async () => {
        const browser = await as(role);
        const get = await browser.get(`${PORTAL}${route.path}`);
        expect(get.status, "GET").toBe(302);
        expect(get.headers.get("location")).toBe("/default-redirect");
        await get.body?.cancel();
        const post = await browser.post(`${PORTAL}${route.path}`, route.form);
        expect(post.status, "POST").toBe(302);
        expect(post.headers.get("location")).toBe("/default-redirect");
        await post.body?.cancel();
        expect(await upstreamMutations()).toBe(0);
        expect(await requestCount("/onboarding/api-external/sellers/existsByCrmId", "POST")).toBe(0);
      });
    }
  }

  it("refuses every staff action posted from another site (403), even by a role that may use it, and changes nothing", async () => {
    const foreign = { Origin: "https://evil.example" };
    const byRole: [Role, string, Record<string, string>][] = [
      ["OPERATOR_BUSINESSDEVELOPER", "/invite-seller", invitation],
      ["OPERATOR_ADMINISTRATOR", "/seller-administration?edit=seller-onboarding-feed", seededEdit],
      ["OPERATOR_ADMINISTRATOR", "/delete-seller?sellerId=seller-new", { confirmName: "Frischer Wind Handel UG" }],
      ["OPERATOR_SUCCESSMANAGER", "/mark-as-active?sellerId=seller-mapped", {}],
      ["OPERATOR_OTHER", "/substitution/start", { userProfileId: "user-seller-new", sellerId: "seller-new", returnTo: "/seller-list" }],
    ];
    for (const [role, path, form] of byRole) {
      const response = await (await as(role)).post(`${PORTAL}${path}`, form, foreign);
      expect(response.status, path).toBe(403);
      await response.body?.cancel();
    }
    expect(await upstreamMutations()).toBe(0);
  });

  it("leaves the sellers as they were after all refused posts", async () => {
    expect((await upstreamSeller("seller-new")).status).toBe(200);
    expect((await upstreamSeller("seller-mapped")).body.state).toBe("CATALOGUE_DATA_MAPPING_FINISHED");
    expect((await upstreamSeller("seller-onboarding-feed")).body.channel).toBe("AGENCY");
  });

  it("lets the allowed roles in", async () => {
    for (const route of STAFF_ROUTES.filter((candidate) => candidate.path !== "/substitution/start")) {
      for (const role of route.allowed) {
        const response = await (await as(role)).get(`${PORTAL}${route.path}`);
        expect(response.status, `${role} on ${route.path}`).toBe(200);
        await response.body?.cancel();
      }
    }
  });
});
