/**
 * A seller's users and invitations (contract/team.ts): the user-profile service's rules, and registration from an
 * invitation at the identity provider (single-use, expiring, naming its seller and role).
 */
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  callService,
  control,
  followToPortal,
  formAction,
  mintToken,
  openSignIn,
  portalRedirectUri,
  startTestSandbox,
  tokenRequest,
  type TestSandbox,
} from "./helpers.ts";

let sandbox: TestSandbox;
let admin: string;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox?.close();
});
beforeEach(async () => {
  await control(sandbox, "POST", "/reset");
  admin = await mintToken(sandbox, "seller.active@example.com");
});

const users = (token: string) => callService(sandbox, "/user-profile/me/seller/users", { token });
const invite = (token: string, body: unknown) => callService(sandbox, "/user-profile/me/seller/users/invitations", { token, method: "POST", body });
type Invitation = { id: string; email: string; role: string; link: string; acceptedAt: string | null };
const invitationsOf = async (email: string) =>
  (await control<{ invitations: Invitation[] }>(sandbox, "GET", `/invitations?email=${encodeURIComponent(email)}`)).body.invitations;
const tokenOf = (link: string) => new URL(link).searchParams.get("invitation") ?? "";

/** Opens the identity provider's registration as the portal's /register?invitation= does, and sends the form. */
async function registerFromInvitation(token: string, fields: Record<string, string>) {
  const flow = await openSignIn(sandbox, { view_type: "register", invitation: token });
  if (flow.page.status !== 200) return { flow, response: undefined };
  const response = await flow.jar.fetch(formAction(flow.html, sandbox.url), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  return { flow, response };
}

describe("the seller's users", () => {
  it("lists the active users and the seeded invitation", async () => {
    const list = await users(admin);
    expect(list.status).toBe(200);
    expect(list.body.sellerId).toBe("seller-active");
    const byEmail = Object.fromEntries(list.body.users.map((user: { email: string }) => [user.email, user]));
    expect(byEmail["seller.active@example.com"]).toMatchObject({ role: "SELLER_ADMINISTRATOR", state: "ACTIVE" });
    expect(byEmail["viewer@example.com"]).toMatchObject({ role: "SELLER_VIEWER_EXTERNAL", state: "ACTIVE" });
    expect(byEmail["colleague.invited@example.com"]).toMatchObject({
      role: "SELLER_VIEWER_EXTERNAL",
      state: "INVITED",
      invitedBy: "seller.active@example.com",
    });
  });

  it("invites with a role, validates, and refuses duplicates with their codes", async () => {
    const invited = await invite(admin, { email: " New.Colleague@Example.com ", role: "SELLER_VIEWER_EXTERNAL" });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email: "new.colleague@example.com", state: "INVITED", role: "SELLER_VIEWER_EXTERNAL" });
    const week = Date.parse(invited.body.expiresAt) - Date.parse(invited.body.since);
    expect(week).toBe(7 * 86_400_000);

    expect((await invite(admin, { email: "new.colleague@example.com", role: "SELLER_ADMINISTRATOR" })).body.errorCode).toBe("ALREADY_INVITED");
    // An account anywhere: at this seller or another one, or staff.
    for (const email of ["viewer@example.com", "seller.new@example.com", "admin@example.com"]) {
      const taken = await invite(admin, { email, role: "SELLER_VIEWER_EXTERNAL" });
      expect(taken.status).toBe(409);
      expect(taken.body.errorCode).toBe("ACCOUNT_EXISTS");
    }
    expect((await invite(admin, { email: "not-an-address", role: "SELLER_VIEWER_EXTERNAL" })).status).toBe(400);
    // Only the two seller roles: an invitation can never make staff.
    const staffRole = await invite(admin, { email: "x@example.com", role: "OPERATOR_ADMINISTRATOR" });
    expect(staffRole.status).toBe(400);
    expect(staffRole.body.errorCode).toBe("VALIDATION_ERROR");
  });

  it("refuses viewers, staff, and staff acting as the seller every change", async () => {
    const viewer = await mintToken(sandbox, "viewer@example.com");
    expect((await users(viewer)).status).toBe(403);
    expect((await invite(viewer, { email: "v@example.com", role: "SELLER_VIEWER_EXTERNAL" })).status).toBe(403);
    const staff = await mintToken(sandbox, "success@example.com");
    expect((await users(staff)).status).toBe(403);

    const start = await callService(sandbox, "/user-profile/me/user/substitute-into-seller-user", {
      token: staff,
      method: "POST",
      body: { userProfileId: "user-seller-active" },
    });
    expect(start.status).toBe(200);
    const read = await users(staff);
    expect(read.status).toBe(200);
    expect(read.body.sellerId).toBe("seller-active");
    const refused = await invite(staff, { email: "sneaky@example.com", role: "SELLER_ADMINISTRATOR" });
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).toBe("READ_ONLY_SUBSTITUTION");
    const remove = await callService(sandbox, "/user-profile/me/seller/users/user-viewer", { token: staff, method: "DELETE" });
    expect(remove.body.errorCode).toBe("READ_ONLY_SUBSTITUTION");
    expect((await invitationsOf("sneaky@example.com")).length).toBe(0);
  });

  it("keeps the last administrator: no removal, no demotion; promotes, demotes and removes others", async () => {
    const demoteSelf = await callService(sandbox, "/user-profile/me/seller/users/user-seller-active/role", {
      token: admin,
      method: "PUT",
      body: { role: "SELLER_VIEWER_EXTERNAL" },
    });
    expect(demoteSelf.status).toBe(409);
    expect(demoteSelf.body.errorCode).toBe("LAST_ADMINISTRATOR");
    const removeSelf = await callService(sandbox, "/user-profile/me/seller/users/user-seller-active", { token: admin, method: "DELETE" });
    expect(removeSelf.body.errorCode).toBe("LAST_ADMINISTRATOR");

    const promote = await callService(sandbox, "/user-profile/me/seller/users/user-viewer/role", {
      token: admin,
      method: "PUT",
      body: { role: "SELLER_ADMINISTRATOR" },
    });
    expect(promote.status).toBe(200);
    expect(promote.body).toMatchObject({ role: "SELLER_ADMINISTRATOR", state: "ACTIVE" });
    // Two administrators now: still, administrators change others, not themselves.
    const selfNow = await callService(sandbox, "/user-profile/me/seller/users/user-seller-active", { token: admin, method: "DELETE" });
    expect(selfNow.body.errorCode).toBe("OWN_ACCOUNT");

    const viewerToken = await mintToken(sandbox, "viewer@example.com");
    const removed = await callService(sandbox, "/user-profile/me/seller/users/user-viewer", { token: admin, method: "DELETE" });
    expect(removed.status).toBe(204);
    // The removed person's tokens stop working; the list still names them.
    expect((await callService(sandbox, "/user-profile/me/user", { token: viewerToken })).status).toBe(401);
    const list = await users(admin);
    expect(list.body.users).toContainEqual(expect.objectContaining({ email: "viewer@example.com", state: "REMOVED" }));
    // Another seller's user is not found here.
    const foreign = await callService(sandbox, "/user-profile/me/seller/users/user-hafenkontor", { token: admin, method: "DELETE" });
    expect(foreign.status).toBe(404);
  });

  it("resends with a new link and withdraws", async () => {
    const [before] = await invitationsOf("colleague.invited@example.com");
    const resent = await callService(sandbox, "/user-profile/me/seller/users/invitations/invitation-seed-colleague/resend", { token: admin, method: "POST" });
    expect(resent.status).toBe(200);
    const [after] = await invitationsOf("colleague.invited@example.com");
    expect(after?.link).not.toBe(before?.link);
    const old = await openSignIn(sandbox, { view_type: "register", invitation: tokenOf(before?.link ?? "") });
    expect(old.page.status).toBe(404);

    const withdrawn = await callService(sandbox, "/user-profile/me/seller/users/invitations/invitation-seed-colleague", { token: admin, method: "DELETE" });
    expect(withdrawn.status).toBe(204);
    const again = await callService(sandbox, "/user-profile/me/seller/users/invitations/invitation-seed-colleague", { token: admin, method: "DELETE" });
    expect(again.body.errorCode).toBe("INVITATION_NOT_FOUND");
    const page = await openSignIn(sandbox, { view_type: "register", invitation: tokenOf(after?.link ?? "") });
    expect(page.page.status).toBe(410);
    expect(page.html).toContain('data-refusal="WITHDRAWN"');
  });
});

describe("registration from an invitation", () => {
  it("creates the account with the invitation's address, seller and role, once", async () => {
    await invite(admin, { email: "joiner@example.com", role: "SELLER_VIEWER_EXTERNAL" });
    const [invitation] = await invitationsOf("joiner@example.com");
    expect(invitation?.link).toMatch(/^http:\/\/localhost:3000\/register\?invitation=/);
    const token = tokenOf(invitation?.link ?? "");

    // The form tries to claim more: another address, the administrator role, a company of its own. All ignored.
    const { flow, response } = await registerFromInvitation(token, {
      email: "someone.else@example.com",
      role: "SELLER_ADMINISTRATOR",
      companyName: "Eigene GmbH",
      password: "secret-1",
      language: "de",
    });
    expect(flow.html).toContain("Nordlicht Living GmbH");
    expect(flow.html).toContain("Seller (read-only)");
    expect(flow.html).toMatch(/id="email"[^>]*value="joiner@example.com"[^>]*readonly/);
    expect(response?.status).toBe(303);
    const callback = await followToPortal(sandbox, flow.jar, response as Response);
    const tokens = await tokenRequest(sandbox.issuer, {
      grant_type: "authorization_code",
      code: callback.searchParams.get("code") ?? "",
      redirect_uri: portalRedirectUri,
      code_verifier: flow.verifier,
    });
    const me = await callService(sandbox, "/user-profile/me/user", { token: tokens.body.access_token });
    expect(me.body).toMatchObject({ email: "joiner@example.com", role: "SELLER_VIEWER_EXTERNAL", sellerId: "seller-active", languageCode: "de" });
    expect((await invitationsOf("joiner@example.com"))[0]?.acceptedAt).not.toBeNull();

    // Used: the same link again says so.
    const reused = await openSignIn(sandbox, { view_type: "register", invitation: token });
    expect(reused.page.status).toBe(410);
    expect(reused.html).toContain('data-refusal="USED"');
  });

  it("refuses an expired, unknown or malformed link, and an expired one also when the form is sent", async () => {
    await invite(admin, { email: "late@example.com", role: "SELLER_ADMINISTRATOR" });
    const token = tokenOf((await invitationsOf("late@example.com"))[0]?.link ?? "");
    const flow = await openSignIn(sandbox, { view_type: "register", invitation: token });
    expect(flow.page.status).toBe(200);
    // A week passes while the page is open.
    const db = new DatabaseSync(sandbox.dbPath);
    db.prepare("UPDATE colleague_invitations SET expires_at = ? WHERE email = ?").run(new Date(Date.now() - 1000).toISOString(), "late@example.com");
    db.close();
    const sent = await flow.jar.fetch(formAction(flow.html, sandbox.url), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ password: "secret-1", language: "en" }).toString(),
    });
    expect(sent.status).toBe(410);
    expect(await sent.text()).toContain("expired");
    expect((await callService(sandbox, "/user-profile/me/seller/users", { token: admin })).body.users).not.toContainEqual(
      expect.objectContaining({ email: "late@example.com", state: "ACTIVE" }),
    );

    for (const bad of ["A".repeat(43), "../../etc", "short"]) {
      const page = await openSignIn(sandbox, { view_type: "register", invitation: bad });
      expect(page.page.status).toBe(404);
      expect(page.html).toContain('data-refusal="UNKNOWN"');
    }
  });

  it("an invitation joins its own seller only: another seller's administrator cannot see or withdraw it", async () => {
    const other = await mintToken(sandbox, "owner@hafenkontor-wohnideen.example.com");
    const list = await users(other);
    expect(list.body.sellerId).toBe("seller-active-2");
    expect(list.body.users.map((user: { email: string }) => user.email)).not.toContain("colleague.invited@example.com");
    const withdraw = await callService(sandbox, "/user-profile/me/seller/users/invitations/invitation-seed-colleague", { token: other, method: "DELETE" });
    expect(withdraw.status).toBe(404);
  });
});
