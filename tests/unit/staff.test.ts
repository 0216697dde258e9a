import { describe, expect, it } from "vitest";
import { daysSince, pageCount, parseSellerListQuery, sellerListSearch } from "#app/lib/staff/seller-list-query.ts";
import { getZodConstraint } from "@conform-to/zod/v4";
import { SELLER_FORM_CONSTRAINT } from "#app/lib/staff/seller-form-fields.ts";
import { deleteConfirmationSchema, sellerFormSchema } from "#app/lib/staff/staff-forms.ts";

describe("the seller list's URL", () => {
  it("reads every filter, and falls back to defaults for values it does not know", () => {
    expect(parseSellerListQuery(new URLSearchParams("search=%20Elbufer%20&state=ONBOARDING&channel=AGENCY&stuck=true&sort=-stateSince&page=3"))).toEqual({
      search: "Elbufer",
      state: "ONBOARDING",
      channel: "AGENCY",
      stuck: true,
      pastDue: false,
      sort: "-stateSince",
      page: 3,
    });
    expect(parseSellerListQuery(new URLSearchParams("pastDue=true")).pastDue).toBe(true);
    expect(parseSellerListQuery(new URLSearchParams("state=GONE&channel=x&stuck=yes&sort=price&page=-2"))).toEqual({
      search: "",
      stuck: false,
      pastDue: false,
      sort: "name",
      page: 1,
    });
    expect(parseSellerListQuery(new URLSearchParams("page=1e9")).page).toBe(1);
    expect(parseSellerListQuery(new URLSearchParams("page=999999999")).page).toBe(100_000);
  });

  it("writes back only what differs from the defaults, and a changed page keeps the filters", () => {
    const query = parseSellerListQuery(new URLSearchParams("search=möbel&state=ACTIVE&sort=name&page=1"));
    expect(sellerListSearch(query)).toBe("?search=m%C3%B6bel&state=ACTIVE");
    expect(sellerListSearch(query, { page: 2 })).toBe("?search=m%C3%B6bel&state=ACTIVE&page=2");
    expect(sellerListSearch(parseSellerListQuery(new URLSearchParams()))).toBe("");
  });

  it("counts pages and whole days", () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(25)).toBe(1);
    expect(pageCount(5010)).toBe(201);
    const now = Date.parse("2026-11-22T12:00:00Z");
    expect(daysSince("2026-11-08T12:00:01Z", now)).toBe(13);
    expect(daysSince("2026-11-08T12:00:00Z", now)).toBe(14);
    expect(daysSince("2026-11-23T00:00:00Z", now)).toBe(0);
  });
});

const valid = {
  name: "Ostsee Strandkörbe GmbH",
  crmId: "CRM-777001",
  contactName: "Ole Hansen",
  contactEmail: "ole@example.com",
  contactPhone: "+49 (431) 123/456-7",
  languageCode: "de",
  channel: "DIRECT",
};

describe("the seller form", () => {
  it("renders the limits conform works out from its schema, without loading the schema", () => {
    expect(SELLER_FORM_CONSTRAINT).toEqual(getZodConstraint(sellerFormSchema));
  });

  it("accepts a complete seller; the phone is optional", () => {
    expect(sellerFormSchema.safeParse(valid).success).toBe(true);
    expect(sellerFormSchema.safeParse({ ...valid, contactPhone: undefined }).success).toBe(true);
  });

  it("names each wrong field with a translation key", () => {
    const result = sellerFormSchema.safeParse({ ...valid, crmId: "x!", contactEmail: "ole", contactPhone: "call me", languageCode: "fr", channel: "" });
    expect(result.success).toBe(false);
    expect(Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join("."), issue.message]))).toEqual({
      crmId: "staff.form.errors.crmIdFormat",
      contactEmail: "staff.form.errors.emailFormat",
      contactPhone: "staff.form.errors.phoneFormat",
      languageCode: "staff.form.errors.languageRequired",
      channel: "staff.form.errors.channelRequired",
    });
  });
});

describe("confirming a deletion", () => {
  const confirm = deleteConfirmationSchema("Alpenglück Deko e.K.");
  it("needs the seller's name (case and outer spaces aside)", () => {
    expect(confirm.safeParse({ confirmName: "  alpenglück deko e.k. " }).success).toBe(true);
    expect(confirm.safeParse({ confirmName: "Alpenglück" }).error?.issues[0]?.message).toBe("staff.delete.errors.nameMismatch");
    expect(confirm.safeParse({}).error?.issues[0]?.message).toBe("staff.delete.errors.nameRequired");
  });
});
