/** The colleagues page's rules (app/lib/team/colleagues.ts): who may change, what each row offers, the forms. */
import { describe, expect, it } from "vitest";
import type { SellerUser } from "#contract/team.ts";
import { roles } from "#contract/upstream.ts";
import { accessRules, isAllowed } from "#app/lib/access.ts";
import { invitationExpired, mayChangeColleagues, rowOffers } from "#app/lib/team/colleagues.ts";
import { inviteSchema, rowActionSchema } from "#app/lib/team/colleague-forms.ts";

const at = "2026-11-20T10:00:00.000Z";
const user = (id: string, role: SellerUser["role"], state: SellerUser["state"] = "ACTIVE"): SellerUser => ({
  id,
  email: `${id}@example.com`,
  role,
  state,
  since: at,
  expiresAt: state === "INVITED" ? "2026-11-27T10:00:00.000Z" : null,
  invitedBy: null,
});
const me = { id: "admin", role: "SELLER_ADMINISTRATOR", substitutionMode: false };

describe("who may open and change the colleagues page", () => {
  it("the page's rule lets only seller administrators in: viewers and staff are refused GET and POST alike", () => {
    expect(roles.filter((role) => isAllowed(accessRules.sellerAdministrator, role))).toEqual(["SELLER_ADMINISTRATOR"]);
  });

  it("changes: the seller's own administrator only, never staff acting as the seller (who carry the administrator role)", () => {
    expect(mayChangeColleagues(me)).toBe(true);
    expect(mayChangeColleagues({ ...me, substitutionMode: true })).toBe(false);
    expect(mayChangeColleagues({ ...me, role: "SELLER_VIEWER_EXTERNAL" })).toBe(false);
    expect(mayChangeColleagues({ ...me, role: "OPERATOR_ADMINISTRATOR" })).toBe(false);
  });
});

describe("what each row offers", () => {
  const team = [user("admin", "SELLER_ADMINISTRATOR"), user("viewer", "SELLER_VIEWER_EXTERNAL"), user("new", "SELLER_VIEWER_EXTERNAL", "INVITED")];

  it("the last administrator can be neither removed nor made a viewer, and says why", () => {
    const other = { ...me, id: "someone-else" };
    expect(rowOffers(team, team[0]!, other)).toEqual({ changeRoleTo: null, remove: false, resend: false, withdraw: false, lastAdministrator: true });
  });

  it("one's own row offers nothing; another's offers the other role and removal; an invitation resend and withdraw", () => {
    expect(rowOffers(team, team[0]!, me)).toMatchObject({ changeRoleTo: null, remove: false, lastAdministrator: true });
    const twoAdmins = [...team, user("second", "SELLER_ADMINISTRATOR")];
    expect(rowOffers(twoAdmins, twoAdmins[0]!, me)).toMatchObject({ changeRoleTo: null, remove: false, lastAdministrator: false });
    expect(rowOffers(team, team[1]!, me)).toMatchObject({ changeRoleTo: "SELLER_ADMINISTRATOR", remove: true, resend: false });
    expect(rowOffers(team, team[2]!, me)).toMatchObject({ changeRoleTo: null, remove: false, resend: true, withdraw: true });
    expect(rowOffers(twoAdmins, twoAdmins[3]!, me)).toMatchObject({ changeRoleTo: "SELLER_VIEWER_EXTERNAL", remove: true, lastAdministrator: false });
  });

  it("removed people and staff acting as the seller get no actions at all", () => {
    expect(rowOffers(team, user("gone", "SELLER_VIEWER_EXTERNAL", "REMOVED"), me)).toMatchObject({ changeRoleTo: null, remove: false, resend: false });
    for (const row of team) {
      expect(rowOffers(team, row, { ...me, substitutionMode: true })).toEqual({
        changeRoleTo: null,
        remove: false,
        resend: false,
        withdraw: false,
        lastAdministrator: false,
      });
    }
  });

  it("an invitation past its week counts as expired", () => {
    expect(invitationExpired(team[2]!, Date.parse("2026-11-27T10:00:00.001Z"))).toBe(true);
    expect(invitationExpired(team[2]!, Date.parse("2026-11-26T10:00:00.000Z"))).toBe(false);
  });
});

describe("the forms", () => {
  it("an invitation takes an address and one of the two seller roles, nothing more", () => {
    expect(inviteSchema.safeParse({ intent: "invite", email: " Ada@Example.com ", role: "SELLER_VIEWER_EXTERNAL" }).data).toEqual({
      intent: "invite",
      email: "ada@example.com",
      role: "SELLER_VIEWER_EXTERNAL",
    });
    expect(inviteSchema.safeParse({ intent: "invite", email: "ada@example.com", role: "OPERATOR_ADMINISTRATOR" }).success).toBe(false);
    expect(inviteSchema.safeParse({ intent: "invite", email: "not an address", role: "SELLER_VIEWER_EXTERNAL" }).error?.issues[0]?.message).toBe(
      "team.invite.emailInvalid",
    );
  });

  it("a row's target id must look like an upstream id before anything is asked", () => {
    expect(rowActionSchema.safeParse({ intent: "role", userId: "user-viewer", role: "SELLER_ADMINISTRATOR" }).success).toBe(true);
    expect(rowActionSchema.safeParse({ intent: "role", userId: "../admin", role: "SELLER_ADMINISTRATOR" }).success).toBe(false);
    expect(rowActionSchema.safeParse({ intent: "withdraw", invitationId: "a/b" }).success).toBe(false);
    expect(rowActionSchema.safeParse({ intent: "delete-everything" }).success).toBe(false);
  });
});
