/**
 * The rules of the staff journeys: which actions each staff role is offered
 * on the seller page, the way back from acting as a seller, the return form
 * and the invitation list's address.
 */
import { roles, sellerStates, type Role } from "#contract/upstream.ts";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { returnFormSchema, toReturnInput } from "#app/lib/catalogue/return-form.ts";
import { RETURN_FORM_CONSTRAINT } from "#app/lib/catalogue/return-form-constraint.ts";
import { CatalogueReturnInput } from "#contract/catalogue-return.ts";
import { wayBackFromActingAsSeller } from "#app/services/acting-as-seller/way-back.ts";
import { invitationSearch, parseInvitationQuery } from "#app/lib/staff/invitation-query.ts";
import { sellerActions } from "#app/lib/staff/seller-actions.ts";
import { isSellerId } from "#app/lib/staff/seller-id.ts";

describe("the seller page's actions, per role and state", () => {
  const registered = { sellerUserProfileId: "user-x" };
  const offered = (role: Role, state: (typeof sellerStates)[number], sellerUserProfileId: string | null = registered.sellerUserProfileId) =>
    Object.entries(sellerActions(role, { state, sellerUserProfileId }))
      .filter(([, allowed]) => allowed)
      .map(([action]) => action)
      .sort();

  it("offers each role exactly what its rules allow", () => {
    expect(offered("OPERATOR_ADMINISTRATOR", "CATALOGUE_DATA_MAPPING_FINISHED")).toEqual(["actAsSeller", "delete", "edit", "markAsActive"]);
    expect(offered("OPERATOR_ADMINISTRATOR", "ONBOARDING")).toEqual(["actAsSeller", "delete", "edit"]);
    expect(offered("OPERATOR_SUCCESSMANAGER", "CATALOGUE_DATA_MAPPING_FINISHED")).toEqual(["actAsSeller", "markAsActive"]);
    expect(offered("OPERATOR_SUCCESSMANAGER", "ACTIVE")).toEqual(["actAsSeller"]);
    expect(offered("OPERATOR_OTHER", "CATALOGUE_DATA_MAPPING_FINISHED")).toEqual(["actAsSeller"]);
    expect(offered("OPERATOR_BUSINESSDEVELOPER_INTERNATIONAL", "REGISTERED")).toEqual(["actAsSeller"]);
    expect(offered("OPERATOR_BUSINESSDEVELOPER", "ONBOARDING")).toEqual([]);
    expect(offered("TOM_TEAM_MEMBER", "CATALOGUE_DATA_SUBMITTED")).toEqual(["catalogueIntegration", "sendBack"]);
    expect(offered("TOM_TEAM_MEMBER", "CATALOGUE_DATA_MAPPING_FINISHED")).toEqual(["catalogueIntegration"]);
    expect(offered("TOM_TEAM_MEMBER", "ONBOARDING")).toEqual([]);
  });

  it("offers acting as the seller only when someone registered for it", () => {
    expect(offered("OPERATOR_OTHER", "REGISTERED", null)).toEqual([]);
  });

  it("never offers a seller role anything", () => {
    for (const state of sellerStates) {
      for (const role of roles.filter((candidate) => candidate.startsWith("SELLER_"))) expect(offered(role, state)).toEqual([]);
    }
  });
});

describe("the way back from acting as a seller", () => {
  it("names the page asked for, also when the router asked for its data", () => {
    expect(wayBackFromActingAsSeller(new URL("http://portal.test/seller-list?state=ONBOARDING"))).toBe(
      "/substitution?returnTo=%2Fseller-list%3Fstate%3DONBOARDING",
    );
    expect(wayBackFromActingAsSeller(new URL("http://portal.test/seller-list.data?_routes=routes%2Fseller-list&page=2"))).toBe(
      "/substitution?returnTo=%2Fseller-list%3Fpage%3D2",
    );
  });
});

describe("the return form", () => {
  it("renders the limits conform works out from its schema, without loading the schema", () => {
    expect(RETURN_FORM_CONSTRAINT).toEqual(getZodConstraint(returnFormSchema));
  });

  const form = (entries: [string, string][]) => {
    const data = new FormData();
    for (const [name, value] of entries) data.append(name, value);
    return parseWithZod(data, { schema: returnFormSchema });
  };

  it("needs a reason of at least 10 characters and sends only the files given a reason", () => {
    const errors = (submission: ReturnType<typeof form>) => (submission.status === "error" ? submission.error : undefined);
    expect(errors(form([["reason", "Too few"]]))?.reason).toEqual(["catalogueReturn.errors.reasonTooShort"]);
    expect(errors(form([]))?.reason).toEqual(["catalogueReturn.errors.reasonRequired"]);

    const good = form([
      ["reason", "  The prices are missing.  "],
      ["files[0].fileId", "file-a"],
      ["files[0].reason", "Add a price column."],
      ["files[1].fileId", "file-b"],
      ["files[1].reason", ""],
    ]);
    expect(good.status).toBe("success");
    if (good.status !== "success") return;
    expect(toReturnInput(good.value)).toEqual({
      reason: "The prices are missing.",
      files: [{ fileId: "file-a", reason: "Add a price column." }],
      categories: [],
      products: [],
    });
  });

  it("needs no general reason when a category value or a product is returned with its own, but refuses an empty return", () => {
    const errors = (submission: ReturnType<typeof form>) => (submission.status === "error" ? submission.error : undefined);
    const category = form([
      ["categories[0].value", "Deko"],
      ["categories[0].reason", "Windlichter sind keine Kerzen."],
      ["categories[1].value", "Küche > Töpfe"],
      ["categories[1].reason", ""],
    ]);
    expect(category.status).toBe("success");
    if (category.status === "success")
      expect(toReturnInput(category.value)).toEqual({
        reason: "",
        files: [],
        categories: [{ value: "Deko", reason: "Windlichter sind keine Kerzen." }],
        products: [],
      });
    expect(
      form([
        ["products[0].fileId", "file-a"],
        ["products[0].row", "5"],
        ["products[0].reason", "No shirt."],
      ]).status,
    ).toBe("success");
    // A category offered but given no reason returns nothing: the general reason is needed again.
    expect(
      errors(
        form([
          ["categories[0].value", "Deko"],
          ["categories[0].reason", "  "],
        ]),
      )?.reason,
    ).toEqual(["catalogueReturn.errors.reasonRequired"]);
    // Files alone are no item returned on its own.
    expect(
      errors(
        form([
          ["files[0].fileId", "file-a"],
          ["files[0].reason", "Add prices."],
        ]),
      )?.reason,
    ).toEqual(["catalogueReturn.errors.reasonRequired"]);
    // A general reason that is written is still at least 10 characters.
    expect(
      errors(
        form([
          ["reason", "Short"],
          ["categories[0].value", "Deko"],
          ["categories[0].reason", "Not candles."],
        ]),
      )?.reason,
    ).toEqual(["catalogueReturn.errors.reasonTooShort"]);
  });

  it("is the service's rule too", () => {
    expect(CatalogueReturnInput.safeParse({ reason: "", categories: [{ value: "Deko", reason: "Not candles." }] }).success).toBe(true);
    expect(CatalogueReturnInput.safeParse({ products: [{ fileId: "f", row: 2, reason: "No shirt." }] }).success).toBe(true);
    expect(CatalogueReturnInput.safeParse({ reason: "" }).success).toBe(false);
    expect(CatalogueReturnInput.safeParse({}).success).toBe(false);
    expect(CatalogueReturnInput.safeParse({ reason: "Short", categories: [{ value: "Deko", reason: "Not candles." }] }).success).toBe(false);
    expect(CatalogueReturnInput.safeParse({ reason: "Ten chars!" }).success).toBe(true);
  });
});

describe("my invitations' address", () => {
  it("reads its filters leniently and writes them back minimal", () => {
    const query = parseInvitationQuery(new URLSearchParams("status=REGISTERED&state=ONBOARDING&search=%20ostsee%20&page=2"));
    expect(query).toEqual({ status: "REGISTERED", state: "ONBOARDING", search: "ostsee", page: 2 });
    expect(invitationSearch(query, { page: 1 })).toBe("?status=REGISTERED&state=ONBOARDING&search=ostsee");
    expect(parseInvitationQuery(new URLSearchParams("status=LATER&state=nope&page=-3"))).toEqual({ status: undefined, state: undefined, search: "", page: 1 });
    expect(invitationSearch(parseInvitationQuery(new URLSearchParams()))).toBe("");
  });
});

describe("seller ids in addresses", () => {
  it("takes the services' ids and nothing else", () => {
    expect(isSellerId("seller-active")).toBe(true);
    expect(isSellerId("bulk-4711")).toBe(true);
    expect(isSellerId("seller-0b8c1d6e-1f00-4e2a-9d7e-3b4c5d6e7f80")).toBe(true);
    for (const bad of ["", "../etc", "seller active", "-seller", "a".repeat(201), undefined]) expect(isSellerId(bad)).toBe(false);
  });
});
