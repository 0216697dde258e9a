import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DetailedSellerList, SellerStateCounts, SellerServiceList, StaffSeller, StaffSellerPage } from "#contract/staff.ts";
import { UpstreamErrorBody } from "#contract/upstream.ts";
import { seedSellers } from "../../sandbox/seed.ts";
import { callService, control, mintToken, openSignIn, formAction, followToPortal, startTestSandbox, type TestSandbox } from "./helpers.ts";

/** The seed's sellers, and the one invited seller the staff seed adds. */
const SEEDED_SELLERS = seedSellers.length + 1;

let sandbox: TestSandbox;
let staffToken: string;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox?.close();
});
beforeEach(async () => {
  await control(sandbox, "POST", "/reset");
  staffToken = await mintToken(sandbox, "admin@example.com");
});

const api = (path: string, options: Parameters<typeof callService>[2] = {}) => callService(sandbox, `/onboarding${path}`, { token: staffToken, ...options });

const invitation = {
  name: "Ostsee Strandkörbe GmbH",
  crmId: "CRM-777001",
  channel: "DIRECT",
  languageCode: "de",
  contact: { name: "Ole Hansen", email: "ole@ostsee-strand.example.com", phone: "+49 431 123" },
};

describe("GET /api-external/sellers", () => {
  it("pages, searches by either name, CRM id and e-mail, filters by state and channel, and sorts", async () => {
    const all = StaffSellerPage.parse((await api("/api-external/sellers", { query: { pageSize: "4" } })).body);
    expect(all.total).toBe(SEEDED_SELLERS);
    expect(all.items).toHaveLength(4);
    expect(all.items.map((seller) => seller.name)).toEqual([...all.items.map((seller) => seller.name)].sort((a, b) => a.localeCompare(b)));
    const page3 = StaffSellerPage.parse((await api("/api-external/sellers", { query: { pageSize: "4", page: "3" } })).body);
    expect(page3.items).toHaveLength(SEEDED_SELLERS - 8);

    const byName = StaffSellerPage.parse((await api("/api-external/sellers", { query: { search: "elbufer" } })).body);
    expect(byName.items.map((seller) => seller.onboardingSellerId)).toEqual(["seller-mapped"]);
    expect(byName.items[0]).toMatchObject({ sellerUserProfileId: "user-seller-mapped", marketplaceSellerId: "10004", channel: "DIRECT" });
    const byCrm = StaffSellerPage.parse((await api("/api-external/sellers", { query: { search: "crm-100006" } })).body);
    expect(byCrm.items.map((seller) => seller.onboardingSellerId)).toEqual(["seller-onboarding-ftp"]);
    // The name the seller registered (company information) beside the one it was invited with.
    const byRegistered = StaffSellerPage.parse((await api("/api-external/sellers", { query: { search: "möbelmanufaktur" } })).body);
    expect(byRegistered.items.map((seller) => [seller.onboardingSellerId, seller.name, seller.registeredName])).toEqual([
      ["seller-onboarding-feed", "Bergblick Möbel KG", "Bergblick Möbelmanufaktur KG"],
    ]);
    expect(byName.items[0]?.registeredName).toBe("Elbufer Küchenwelt GmbH");
    const byEmail = StaffSellerPage.parse((await api("/api-external/sellers", { query: { search: "anna.weber@" } })).body);
    expect(byEmail.items[0]).toMatchObject({ onboardingSellerId: "seller-invited", invitationPending: true, sellerUserProfileId: null });

    const onboarding = StaffSellerPage.parse((await api("/api-external/sellers", { query: { state: "ONBOARDING", channel: "AGENCY" } })).body);
    expect(onboarding.items.map((seller) => seller.onboardingSellerId)).toEqual(["seller-onboarding-feed"]);
    const stuck = StaffSellerPage.parse((await api("/api-external/sellers", { query: { stuck: "true", sort: "stateSince" } })).body);
    expect(stuck.items.map((seller) => seller.onboardingSellerId)).toEqual(["seller-mapped", "seller-onboarding-feed"]);
  });

  it("refuses sellers (403) and a malformed query (400 with the errors list)", async () => {
    const seller = await mintToken(sandbox, "seller.active@example.com");
    const refused = await callService(sandbox, "/onboarding/api-external/sellers", { token: seller });
    expect(refused.status).toBe(403);
    const invalid = await api("/api-external/sellers", { query: { state: "NOPE" } });
    expect(invalid.status).toBe(400);
    expect(UpstreamErrorBody.parse(invalid.body).errors?.[0]?.fieldName).toBe("state");
  });
});

describe("state counts and history", () => {
  it("counts sellers per state and the ones stuck for more than 14 days", async () => {
    const counts = SellerStateCounts.parse((await api("/api-external/sellers/state-counts")).body);
    expect(counts.total).toBe(SEEDED_SELLERS);
    expect(Object.fromEntries(counts.states.map((entry) => [entry.state, [entry.count, entry.stuck]]))).toEqual({
      REGISTERED: [3, 0],
      ONBOARDING: [3, 1],
      CATALOGUE_DATA_SUBMITTED: [2, 0],
      CATALOGUE_DATA_MAPPING_FINISHED: [1, 1],
      ACTIVE: [3, 0],
    });
  });
});

describe("inviting, editing, marking active, deleting", () => {
  it("invites a seller; the invited person registers with that e-mail and joins it", async () => {
    const created = await api("/api-external/sellers", { method: "PUT", body: invitation });
    expect(created.status).toBe(201);
    const seller = StaffSeller.parse(created.body);
    expect(seller).toMatchObject({ state: "REGISTERED", invitationPending: true, crmId: "CRM-777001" });

    const flow = await openSignIn(sandbox, { view_type: "register" });
    const registered = await flow.jar.fetch(formAction(flow.html, sandbox.url), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: invitation.contact.email, password: "secret-1", companyName: "Irgendwas GmbH", language: "de" }).toString(),
    });
    expect(registered.status).toBe(303);
    await followToPortal(sandbox, flow.jar, registered);
    const newUser = await callService(sandbox, "/user-profile/me/user", { token: await mintToken(sandbox, invitation.contact.email) });
    expect(newUser.body.sellerId).toBe(seller.onboardingSellerId);
    const after = StaffSeller.parse((await api(`/api-external/sellers/${seller.onboardingSellerId}`)).body);
    expect(after.invitationPending).toBe(false);
    expect(after.sellerUserProfileId).toBe(newUser.body.id);
  });

  it("refuses a duplicate name or CRM id with 409 and both fields named", async () => {
    const duplicate = await api("/api-external/sellers", { method: "PUT", body: { ...invitation, name: " nordlicht living gmbh", crmId: "crm-100002" } });
    expect(duplicate.status).toBe(409);
    expect(UpstreamErrorBody.parse(duplicate.body).errors?.map((error) => error.fieldName)).toEqual(["name", "crmId"]);
    const crm = await api("/api-external/sellers/existsByCrmId", { method: "POST", body: { crmId: "CRM-100003" } });
    expect(crm.body).toEqual({ exists: true });
    const own = await api("/api-external/sellers/existsByCrmId", {
      method: "POST",
      body: { crmId: "CRM-100003", exceptOnboardingSellerId: "seller-submitted" },
    });
    expect(own.body).toEqual({ exists: false });
  });

  it("tells staff whether an account has an e-mail address, and refuses an invitation to one (409, the contact's e-mail named)", async () => {
    const accounts = (body: unknown, token = staffToken) => callService(sandbox, "/user-profile/users/existsByEmail", { token, method: "POST", body });
    expect((await accounts({ email: "Seller.Active@example.com" })).body).toEqual({ exists: true });
    expect((await accounts({ email: invitation.contact.email })).body).toEqual({ exists: false });
    expect((await accounts({ email: "no address" })).status).toBe(400);
    expect((await accounts({ email: "bd@example.com" }, await mintToken(sandbox, "seller.active@example.com"))).status).toBe(403);

    const invited = await api("/api-external/sellers", {
      method: "PUT",
      body: { ...invitation, contact: { ...invitation.contact, email: "seller.new@example.com" } },
    });
    expect(invited.status).toBe(409);
    expect(UpstreamErrorBody.parse(invited.body).errors?.map((error) => error.fieldName)).toEqual(["contact.email"]);
  });

  it("edits a seller, keeping its own name and CRM id allowed", async () => {
    const edited = await api("/api-external/sellers", {
      method: "PUT",
      body: { ...invitation, onboardingSellerId: "seller-new", name: "Frischer Wind Handel UG", crmId: "CRM-100002", channel: "AGENCY" },
    });
    expect(edited.status).toBe(200);
    expect(StaffSeller.parse(edited.body)).toMatchObject({ channel: "AGENCY", contact: { email: invitation.contact.email } });
  });

  it("marks only a seller with a finished mapping active, and records the state change", async () => {
    const refused = await api("/api-external/sellers/seller-submitted/mark-as-active", { method: "POST" });
    expect(refused.status).toBe(409);
    const marked = await api("/api-external/sellers/seller-mapped/mark-as-active", { method: "POST" });
    expect(marked.status).toBe(200);
    expect(StaffSeller.parse(marked.body).state).toBe("ACTIVE");
    expect(Date.now() - Date.parse(StaffSeller.parse(marked.body).stateSince)).toBeLessThan(60_000);
  });

  it("deletes a seller with its users", async () => {
    const deleted = await api("/api-external/sellers/delete", { method: "DELETE", query: { onboardingSellerId: "seller-registered-2" } });
    expect(deleted.body).toEqual({ deleted: true, onboardingSellerId: "seller-registered-2" });
    expect((await api("/api-external/sellers/seller-registered-2")).status).toBe(404);
    expect((await control(sandbox, "POST", "/tokens", { username: "owner@alpenglueck-deko.example.com" })).status).toBe(404);
    expect((await api("/api-external/sellers/delete", { method: "DELETE", query: { onboardingSellerId: "seller-registered-2" } })).status).toBe(404);
  });
});

describe("seller service lists", () => {
  it("gives details by marketplace seller id and the channels with counts", async () => {
    const details = DetailedSellerList.parse(
      (await callService(sandbox, "/seller-service/seller/3/detailedList", { token: staffToken, query: { sellerId: "10001,10009,99999" } })).body,
    );
    expect(details.map((entry) => [entry.marketplaceSellerId, entry.shopCount]).sort()).toEqual([
      ["10001", 3],
      ["10009", 1],
    ]);
    const channels = SellerServiceList.parse(
      (await callService(sandbox, "/seller-service/v2/seller/list", { token: staffToken, query: { fdsOnly: "false" } })).body,
    );
    expect(channels.total).toBe(SEEDED_SELLERS);
    const fds = SellerServiceList.parse((await callService(sandbox, "/seller-service/v2/seller/list", { token: staffToken, query: { fdsOnly: "true" } })).body);
    expect(fds).toEqual({ channels: [{ channel: "DIRECT", count: 1 }], total: 1 });
  });
});

describe("GET /seller/3/detailedList by the seller list's query (our contract extension)", () => {
  const details = (query: Record<string, string>, token = staffToken) => callService(sandbox, "/seller-service/seller/3/detailedList", { token, query });

  /** The marketplace ids of a list page, in its order, straight from the onboarding service. */
  async function listPageIds(query: Record<string, string>): Promise<string[]> {
    const page = StaffSellerPage.parse((await api("/api-external/sellers", { query })).body);
    return page.items.flatMap((seller) => (seller.marketplaceSellerId ? [seller.marketplaceSellerId] : []));
  }

  it("answers the details of exactly the sellers on the page the same query lists, in the list's order", async () => {
    const queries: Record<string, string>[] = [
      { pageSize: "4", page: "2" },
      { search: "elbufer" },
      { search: "example.com", sort: "-name", pageSize: "5" },
      { state: "ONBOARDING", sort: "-stateSince" },
      { stuck: "true", sort: "stateSince" },
      { channel: "AGENCY", sort: "state", pageSize: "2", page: "2" },
    ];
    for (const query of queries) {
      const ids = await listPageIds(query);
      expect(ids.length, JSON.stringify(query)).toBeGreaterThan(0);
      const answer = DetailedSellerList.parse((await details(query)).body);
      expect(
        answer.map((entry) => entry.marketplaceSellerId),
        JSON.stringify(query),
      ).toEqual(ids);
      // The same details as asking by id.
      const byId = DetailedSellerList.parse((await details({ sellerId: ids.join(",") })).body);
      expect([...answer].sort((a, b) => a.marketplaceSellerId.localeCompare(b.marketplaceSellerId))).toEqual(
        [...byId].sort((a, b) => a.marketplaceSellerId.localeCompare(b.marketplaceSellerId)),
      );
    }
    const active = DetailedSellerList.parse((await details({ state: "ACTIVE", sort: "name" })).body);
    // Hafenkontor, Kleinod, Nordlicht: by name, as the list sorts them, each with its own shop count.
    expect(active.map((entry) => [entry.marketplaceSellerId, entry.shopCount])).toEqual([
      ["10009", 1],
      ["10012", 1],
      ["10001", 3],
    ]);
  });

  it("answers an empty list for a page past the end, and refuses a bad query, both ways at once, and a seller", async () => {
    expect((await details({ page: "99" })).body).toEqual([]);
    const badQueries: Record<string, string>[] = [{ pageSize: "500" }, { state: "SOMEWHERE" }, { sort: "size" }, { sellerId: "10001", page: "1" }];
    for (const query of badQueries) {
      const refused = await details(query);
      expect(refused.status, JSON.stringify(query)).toBe(400);
      expect(UpstreamErrorBody.parse(refused.body).errorCode).toBe("VALIDATION_ERROR");
    }
    const seller = await mintToken(sandbox, "seller.active@example.com");
    const forbidden = await details({ page: "1" }, seller);
    expect(forbidden.status).toBe(403);
    expect(UpstreamErrorBody.parse(forbidden.body).errorCode).toBe("FORBIDDEN");
  });
});

describe("POST /__sandbox/users/bulk", () => {
  it("adds accounts like a seeded one, each signing in as itself with the seeded one's role and seller", async () => {
    const { status, body } = await control<{ accounts: string[] }>(sandbox, "POST", "/users/bulk", { like: "viewer@example.com", count: 2 });
    expect(status).toBe(201);
    expect(body.accounts).toHaveLength(2);
    expect(new Set(body.accounts).size).toBe(2);
    for (const email of body.accounts) {
      expect(email).toMatch(/^viewer\+\d+@example\.com$/);
      const profile = await callService(sandbox, "/user-profile/me/user", { token: await mintToken(sandbox, email) });
      expect(profile.body).toMatchObject({ email, role: "SELLER_VIEWER_EXTERNAL" });
    }
    const more = await control<{ accounts: string[] }>(sandbox, "POST", "/users/bulk", { like: "viewer@example.com", count: 1 });
    expect(body.accounts).not.toContain(more.body.accounts[0]);
    expect((await control(sandbox, "POST", "/users/bulk", { like: "nobody@example.com", count: 1 })).status).toBe(404);
    expect((await control(sandbox, "POST", "/users/bulk", { like: "viewer@example.com", count: 0 })).status).toBe(400);
  });
});

describe("POST /__sandbox/sellers/bulk", () => {
  it("adds thousands of sellers in one go, findable and paged", async () => {
    const { status, body } = await control<{ created: number; accounts: { email: string; state: string }[] }>(sandbox, "POST", "/sellers/bulk", {
      count: 5000,
    });
    expect(status).toBe(201);
    expect(body.created).toBe(5000);
    // Each seller's administrator, with its state: a benchmark picks the sellers it needs in a state.
    expect(body.accounts).toHaveLength(5000);
    expect(new Set(body.accounts.map((account) => account.state))).toContain("ONBOARDING");
    const page = StaffSellerPage.parse((await api("/api-external/sellers", { query: { page: "7", pageSize: "25" } })).body);
    expect(page.total).toBe(SEEDED_SELLERS + 5000);
    expect(page.items).toHaveLength(25);
    const one = StaffSellerPage.parse((await api("/api-external/sellers", { query: { search: "CRM-504321" } })).body);
    expect(one.items.map((seller) => seller.onboardingSellerId)).toEqual(["bulk-4321"]);
    expect(one.total).toBe(1);
    // A search's page past its end still knows how many sellers it found.
    expect(StaffSellerPage.parse((await api("/api-external/sellers", { query: { search: "CRM-5043", page: "5" } })).body)).toMatchObject({
      items: [],
      total: 100,
    });
    // The details of a list page, asked by the list's query, among thousands.
    const detailsOf = async (query: Record<string, string>) =>
      DetailedSellerList.parse((await callService(sandbox, "/seller-service/seller/3/detailedList", { token: staffToken, query })).body).map(
        (entry) => entry.marketplaceSellerId,
      );
    expect(await detailsOf({ search: "CRM-504321" })).toEqual(["204321"]);
    const page37 = { state: "ACTIVE", page: "37", pageSize: "25" };
    const listed = StaffSellerPage.parse((await api("/api-external/sellers", { query: page37 })).body).items.map((seller) => seller.marketplaceSellerId);
    expect(listed).toHaveLength(25);
    expect(await detailsOf(page37)).toEqual(listed);
    const counts = SellerStateCounts.parse((await api("/api-external/sellers/state-counts")).body);
    expect(counts.total).toBe(SEEDED_SELLERS + 5000);
    expect(counts.states.every((entry) => entry.count > 100)).toBe(true);
  });
});
