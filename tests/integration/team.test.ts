/**
 * A seller's colleagues over real HTTP (issue 36, point 1): every role GET and POST on /team and the removal's
 * confirmation; a refused POST changes nothing upstream; staff acting as the seller read and are refused each change
 * before any upstream call; the invite form's checks and the service's refusals; the last administrator; upstream
 * failures: the page stands and says what could not be done.
 */
import { roles } from "#contract/upstream.ts";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { PORTAL, SANDBOX } from "./ports";
import { clearFaultsAndCounters, injectFault, requestCount } from "./sandbox-control";
import { as, resetSandbox } from "./staff-support";

const USERS = "/user-profile/me/seller/users";
const INVITATIONS = `${USERS}/invitations`;

/** Every request that changes something at the user-profile service's seller users. */
async function userChanges(): Promise<string[]> {
  const response = await fetch(`${SANDBOX}/__sandbox/requests`);
  const { requests } = (await response.json()) as { requests: { method: string; path: string; count: number }[] };
  return requests.filter(({ method, path }) => method !== "GET" && path.startsWith(USERS)).map(({ method, path, count }) => `${method} ${path} ×${count}`);
}

async function html(response: Response): Promise<string> {
  return (await response.text()).replaceAll("<!-- -->", "");
}

async function page(browser: TestBrowser, path: string) {
  const response = await browser.get(`${PORTAL}${path}`);
  return { status: response.status, html: await html(response) };
}

/** The page a redirect leads to (its toast with it). */
async function landing(browser: TestBrowser, response: Response) {
  const { response: last, url } = await browser.follow(response, `${PORTAL}/team`);
  return { url, status: last.status, html: await html(last) };
}

beforeAll(resetSandbox);
afterEach(clearFaultsAndCounters);
afterAll(resetSandbox);

describe("who may use the colleagues page", () => {
  const FORMS: { path: string; form: Record<string, string> }[] = [
    { path: "/team", form: { intent: "invite", email: "someone@example.com", role: "SELLER_ADMINISTRATOR" } },
    { path: "/team", form: { intent: "role", userId: "user-viewer", role: "SELLER_ADMINISTRATOR" } },
    { path: "/team/user-viewer/remove", form: {} },
  ];

  for (const role of roles.filter((candidate) => candidate !== "SELLER_ADMINISTRATOR")) {
    it(`${role}: refused GET and POST, and nothing changes upstream`, async () => {
      const browser = await as(role);
      await clearFaultsAndCounters();
      for (const { path, form } of FORMS) {
        const get = await browser.get(`${PORTAL}${path}`);
        await get.body?.cancel();
        expect(get.status, `GET ${path}`).toBe(302);
        expect(get.headers.get("location")).toBe("/default-redirect");
        const post = await browser.post(`${PORTAL}${path}`, form);
        await post.body?.cancel();
        expect(post.status, `POST ${path}`).toBe(302);
        expect(post.headers.get("location")).toBe("/default-redirect");
      }
      expect(await userChanges()).toEqual([]);
      expect(await requestCount(USERS)).toBe(0);
    });
  }

  it("the viewer is offered no way there: no link in the seller home", async () => {
    const viewer = await as("SELLER_VIEWER_EXTERNAL");
    const overview = await page(viewer, "/home/overview");
    expect(overview.status).toBe(200);
    expect(overview.html).not.toContain('href="/team"');
  });

  it("another site's page posting to the actions is refused with 403 and changes nothing", async () => {
    const admin = await as("SELLER_ADMINISTRATOR");
    await clearFaultsAndCounters();
    for (const { path, form } of FORMS) {
      const response = await admin.post(`${PORTAL}${path}`, form, { Origin: "https://evil.example.com" });
      await response.body?.cancel();
      expect(response.status, path).toBe(403);
    }
    expect(await userChanges()).toEqual([]);
  });

  it("a staff member acting as the seller sees the list without forms; each change is refused before any upstream call", async () => {
    const staff = new TestBrowser();
    await staff.signIn(PORTAL, "success@example.com");
    const started = await staff.post(`${PORTAL}/substitution/start`, {
      userProfileId: "user-seller-active",
      sellerId: "seller-active",
      returnTo: "/seller-list",
    });
    expect(started.status).toBe(302);
    const list = await page(staff, "/team");
    expect(list.status).toBe(200);
    expect(list.html).toContain("viewer@example.com");
    expect(list.html).toContain("you can see its colleagues but not change them");
    expect(list.html).not.toContain('id="invite-colleague"');
    expect(list.html).not.toContain('name="intent"');
    await clearFaultsAndCounters();
    for (const { path, form } of FORMS) {
      const post = await staff.post(`${PORTAL}${path}`, form);
      expect(post.status, path).toBe(303);
      expect(post.headers.get("location")).toBe("/team");
      await post.body?.cancel();
    }
    const remove = await staff.get(`${PORTAL}/team/user-viewer/remove`);
    await remove.body?.cancel();
    expect(remove.headers.get("location")).toBe("/team");
    expect(await userChanges()).toEqual([]);
  });
});

describe("the seller administrator", () => {
  let admin: TestBrowser;
  beforeEach(async () => {
    await resetSandbox();
    admin = await as("SELLER_ADMINISTRATOR");
    await clearFaultsAndCounters();
  });

  it("reaches the page from my company and sees every state; a seller still setting up reaches it from the task list", async () => {
    expect((await page(admin, "/home/my-company/logistics")).html).toContain('href="/team"');
    const list = await page(admin, "/team");
    expect(list.status).toBe(200);
    expect(list.html).toContain("<h1>Colleagues</h1>");
    expect(list.html).toMatch(/viewer@example\.com<\/th><td>Viewer<\/td><td>Active/);
    expect(list.html).toMatch(/colleague\.invited@example\.com<\/th><td>Viewer<\/td><td>Invited, link valid until/);
    // The only administrator: neither demotion nor removal on offer, and why.
    expect(list.html).toContain("The only administrator");
    expect(list.html).not.toContain('href="/team/user-seller-active/remove"');
    expect(list.html).toContain('href="/home/my-company"');

    const onboarding = new TestBrowser();
    await onboarding.signIn(PORTAL, "seller.new@example.com");
    expect((await page(onboarding, "/overview")).html).toContain('href="/team"');
    const theirs = await page(onboarding, "/team");
    expect(theirs.status).toBe(200);
    expect(theirs.html).toContain("seller.new@example.com");
    expect(theirs.html).not.toContain("viewer@example.com");
    expect(theirs.html).toContain('href="/overview"');
  });

  it("invites: the form's checks before any call, the service's refusals on the field, then the invitation listed", async () => {
    const invalid = await admin.post(`${PORTAL}/team`, { intent: "invite", email: "not an address", role: "SELLER_VIEWER_EXTERNAL" });
    expect(invalid.status).toBe(400);
    const invalidHtml = await html(invalid);
    expect(invalidHtml).toContain("Enter a valid email address.");
    expect(invalidHtml).toContain('value="not an address"');
    const staffRole = await admin.post(`${PORTAL}/team`, { intent: "invite", email: "x@example.com", role: "OPERATOR_ADMINISTRATOR" });
    expect(staffRole.status).toBe(400);
    await staffRole.body?.cancel();
    expect(await requestCount(INVITATIONS, "POST")).toBe(0);

    const taken = await admin.post(`${PORTAL}/team`, { intent: "invite", email: "seller.new@example.com", role: "SELLER_VIEWER_EXTERNAL" });
    expect(taken.status).toBe(409);
    const takenHtml = await html(taken);
    expect(takenHtml).toContain("An account with this email address exists already");
    expect(takenHtml).toContain('value="seller.new@example.com"');
    const twice = await admin.post(`${PORTAL}/team`, { intent: "invite", email: "colleague.invited@example.com", role: "SELLER_VIEWER_EXTERNAL" });
    expect(twice.status).toBe(409);
    expect(await html(twice)).toContain("This address has been invited already");

    const invited = await admin.post(`${PORTAL}/team`, { intent: "invite", email: "Ada@Example.com", role: "SELLER_VIEWER_EXTERNAL" });
    expect(invited.status).toBe(302);
    const after = await landing(admin, invited);
    expect(after.html).toContain("ada@example.com was invited as Viewer.");
    expect(after.html).toMatch(/ada@example\.com<\/th><td>Viewer<\/td><td>Invited/);
    const links = (await (await fetch(`${SANDBOX}/__sandbox/invitations?email=ada@example.com`)).json()) as { invitations: { link: string }[] };
    expect(links.invitations[0]?.link).toMatch(/\/register\?invitation=[\w-]{43}$/);
  });

  it("changes a role, refuses the last administrator, confirms a removal naming the person, resends and withdraws", async () => {
    const demoteSelf = await admin.post(`${PORTAL}/team`, { intent: "role", userId: "user-seller-active", role: "SELLER_VIEWER_EXTERNAL" });
    expect(demoteSelf.status).toBe(409);
    expect(await html(demoteSelf)).toContain("The last administrator cannot be removed or made a viewer.");

    const promoted = await landing(admin, await admin.post(`${PORTAL}/team`, { intent: "role", userId: "user-viewer", role: "SELLER_ADMINISTRATOR" }));
    expect(promoted.html).toContain("viewer@example.com is now Administrator.");
    expect(promoted.html).toContain('href="/team/user-viewer/remove"');

    const confirm = await page(admin, "/team/user-viewer/remove");
    expect(confirm.status).toBe(200);
    expect(confirm.html).toContain("<h1>Remove viewer@example.com?</h1>");
    expect(await requestCount(`${USERS}/user-viewer`, "DELETE")).toBe(0);
    const removed = await landing(admin, await admin.post(`${PORTAL}/team/user-viewer/remove`, {}));
    expect(removed.html).toContain("viewer@example.com was removed.");
    expect(removed.html).toMatch(/viewer@example\.com<\/th><td>Administrator<\/td><td>Removed on/);
    expect((await page(admin, "/team/user-viewer/remove")).status).toBe(404);
    // One's own removal page offers no button; its POST is refused before any call.
    expect((await page(admin, "/team/user-seller-active/remove")).html).not.toContain('class="button button--danger"');
    const self = await admin.post(`${PORTAL}/team/user-seller-active/remove`, {});
    expect(self.status).toBe(409);
    await self.body?.cancel();
    expect(await requestCount(`${USERS}/user-seller-active`, "DELETE")).toBe(0);

    const resent = await landing(admin, await admin.post(`${PORTAL}/team`, { intent: "resend", invitationId: "invitation-seed-colleague" }));
    expect(resent.html).toContain("The invitation to colleague.invited@example.com was sent again with a new link.");
    const withdrawn = await landing(admin, await admin.post(`${PORTAL}/team`, { intent: "withdraw", invitationId: "invitation-seed-colleague" }));
    expect(withdrawn.html).toContain("The invitation was withdrawn.");
    expect(withdrawn.html).not.toContain("colleague.invited@example.com");
  });

  it("ids are checked before any upstream call", async () => {
    const bad = await admin.post(`${PORTAL}/team`, { intent: "role", userId: "../user-viewer", role: "SELLER_ADMINISTRATOR" });
    expect(bad.status).toBe(400);
    await bad.body?.cancel();
    expect((await page(admin, "/team/%2E%2E%2Fx/remove")).status).toBe(404);
    expect(await userChanges()).toEqual([]);
  });

  it("upstream failures: the page stands and says what could not be done; the form keeps what was typed; nothing half-done", async () => {
    await injectFault({ pattern: USERS, method: "GET", status: 500 });
    const list = await page(admin, "/team");
    expect(list.status).toBe(200);
    expect(list.html).toContain("The list of colleagues could not be loaded.");
    expect(list.html).toContain('id="invite-colleague"');
    await clearFaultsAndCounters();

    await injectFault({ pattern: INVITATIONS, method: "POST", status: 503 });
    const failed = await admin.post(`${PORTAL}/team`, { intent: "invite", email: "grace@example.com", role: "SELLER_ADMINISTRATOR" });
    expect(failed.status).toBe(502);
    const failedHtml = await html(failed);
    expect(failedHtml).toContain('value="grace@example.com"');
    expect(failedHtml).toMatch(/<option value="SELLER_ADMINISTRATOR" selected/);
    expect(failedHtml).not.toContain("was invited");
    const links = (await (await fetch(`${SANDBOX}/__sandbox/invitations?email=grace@example.com`)).json()) as { invitations: unknown[] };
    expect(links.invitations).toEqual([]);

    await injectFault({ pattern: `${USERS}/user-viewer`, method: "DELETE", drop: true });
    const removal = await admin.post(`${PORTAL}/team/user-viewer/remove`, {});
    expect(removal.status).toBe(503);
    expect(await html(removal)).toContain("The colleague could not be removed.");
    await clearFaultsAndCounters();
    expect((await page(admin, "/team")).html).toMatch(/viewer@example\.com<\/th><td>Viewer<\/td><td>Active/);
  });
});
