/**
 * The staff screens over real HTTP (docs/product.md §2, §10, §11): who may enter and
 * post, the seller list with its failures, inviting, editing, marking active,
 * deleting, and starting to act as a seller.
 */
import { roles, type Role } from "@contract/upstream";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { PORTAL, SANDBOX } from "./ports";
import { clearFaultsAndCounters, injectFault, requestCount, requestTimeline, type RequestTiming } from "./sandbox-control";

const ACCOUNTS: Record<Role, string> = {
  SELLER_ADMINISTRATOR: "seller.active@example.com",
  SELLER_VIEWER_EXTERNAL: "viewer@example.com",
  OPERATOR_ADMINISTRATOR: "admin@example.com",
  OPERATOR_BUSINESSDEVELOPER: "bd@example.com",
  OPERATOR_BUSINESSDEVELOPER_INTERNATIONAL: "bd.international@example.com",
  OPERATOR_SUCCESSMANAGER: "success@example.com",
  OPERATOR_OTHER: "operator@example.com",
  TOM_TEAM_MEMBER: "tom@example.com",
};

const browsers = new Map<Role, TestBrowser>();

/** One signed-in browser per role, reused across the tests of this file. */
async function as(role: Role): Promise<TestBrowser> {
  let browser = browsers.get(role);
  if (!browser) {
    browser = new TestBrowser();
    await browser.signIn(PORTAL, ACCOUNTS[role]);
    browsers.set(role, browser);
  }
  return browser;
}

async function resetSandbox() {
  const response = await fetch(`${SANDBOX}/__sandbox/reset`, { method: "POST" });
  expect(response.status).toBe(200);
  browsers.clear();
}

/** A staff member's view of one seller, straight from the sandbox (a token minted for tests). */
async function upstreamSeller(sellerId: string): Promise<{ status: number; body: { name: string; state: string; channel: string | null } }> {
  const minted = await fetch(`${SANDBOX}/__sandbox/tokens`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "admin@example.com" }),
  });
  const { access_token } = (await minted.json()) as { access_token: string };
  const response = await fetch(`${SANDBOX}/onboarding/api-external/sellers/${sellerId}?apikey=sandbox-api-key`, {
    headers: { Authorization: `Bearer ${access_token}` },
  });
  return { status: response.status, body: (await response.json()) as never };
}

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

const invitation = {
  name: "Ostsee Strandkörbe GmbH",
  crmId: "CRM-777001",
  channel: "DIRECT",
  contactName: "Ole Hansen",
  contactEmail: "ole@ostsee-strand.example.com",
  contactPhone: "+49 431 123456",
  languageCode: "de",
};

const seededEdit = {
  onboardingSellerId: "seller-onboarding-feed",
  name: "Bergblick Möbel KG",
  crmId: "CRM-100005",
  channel: "INTERNATIONAL",
  contactName: "Lena Berg",
  contactEmail: "owner@bergblick-moebel.example.com",
  contactPhone: "+49 89 5550105",
  languageCode: "de",
};

beforeAll(resetSandbox);
afterEach(clearFaultsAndCounters);
afterAll(resetSandbox);

/** The route table (docs/product.md §2) and the substitution rule: path → the roles that may use it. */
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

describe("/seller-list", () => {
  it("searches, filters and pages in the URL, with state, time in state, progress and the row actions the role may use", async () => {
    const success = await as("OPERATOR_SUCCESSMANAGER");
    const html = await (await success.get(`${PORTAL}/seller-list?search=elbufer`)).text();
    expect(html).toContain("Elbufer Küchenwelt GmbH");
    expect(html).not.toContain("Nordlicht Living GmbH");
    expect(html).toContain("Mapping finished");
    expect(html).toMatch(/for 19 days/);
    expect(html).toContain('href="/mark-as-active?sellerId=seller-mapped"');
    expect(html).toContain('name="userProfileId" value="user-seller-mapped"');
    expect(html).toContain("Sellers by state (12 in all)");
    expect(html).toContain('href="/seller-list?state=ONBOARDING&amp;stuck=true&amp;sort=stateSince"');
    // The details are part of the page itself, not a placeholder that only a script would fill.
    expect(html).toContain("0 shops");
    expect(html).not.toContain("Loading…");

    const operator = await (await as("OPERATOR_OTHER")).get(`${PORTAL}/seller-list?search=elbufer`);
    const operatorHtml = await operator.text();
    expect(operatorHtml).toContain("Elbufer Küchenwelt GmbH");
    expect(operatorHtml).not.toContain("/mark-as-active?");

    const stuck = await (await success.get(`${PORTAL}/seller-list?stuck=true&sort=stateSince`)).text();
    expect(stuck).toContain("Sellers 1–2 of 2");
    const filtered = await (await success.get(`${PORTAL}/seller-list?state=ACTIVE&channel=AGENCY`)).text();
    expect(filtered).toContain("Hafenkontor Wohnideen GmbH");
    expect(filtered).toContain("Sellers 1–1 of 1");

    // An old or shared link to a page the list no longer has: said so, with the way to its last page.
    const pastEnd = (await (await success.get(`${PORTAL}/seller-list?stuck=true&page=7`)).text()).replaceAll("&amp;", "&");
    expect(pastEnd).toContain("Page 7 is past the end of the list of 2 sellers");
    expect(pastEnd).not.toMatch(/Sellers \d+–\d+ of/);
    expect(pastEnd).toMatch(/href="\/seller-list\?stuck=true"[^>]*>Go to the last page/);
  });

  it("pages 5,000 sellers upstream, 25 rows at a time", async () => {
    const bulk = await fetch(`${SANDBOX}/__sandbox/sellers/bulk`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ count: 5000 }),
    });
    expect(bulk.status).toBe(201);
    try {
      const html = await (await (await as("OPERATOR_OTHER")).get(`${PORTAL}/seller-list?page=3`)).text();
      expect(html).toContain("Sellers 51–75 of 5,012");
      expect(html).toContain("Page 3 of 201");
      expect(html.match(/class="seller-table__seller"/g)?.length).toBe(25);
      expect(html).toContain('href="/seller-list?page=4"');
    } finally {
      await resetSandbox();
    }
  });

  it("shows the list without details and 'Error loading detailedList' when the details fail", async () => {
    const success = await as("OPERATOR_SUCCESSMANAGER");
    await clearFaultsAndCounters();
    await injectFault({ pattern: "/seller-service/seller/3/detailedList", status: 503 });
    const response = await success.get(`${PORTAL}/seller-list`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Nordlicht Living GmbH");
    expect(html).toContain("Error loading detailedList");
    expect(html).not.toContain("3 shops");
    // Retried once: a non-mutating request.
    expect(await requestCount("/seller-service/seller/3/detailedList")).toBe(2);
  });

  it("shows a search's and a filter's sellers without details when the details fail, and the toast", async () => {
    const success = await as("OPERATOR_SUCCESSMANAGER");
    await injectFault({ pattern: DETAILED_LIST, status: 503 });
    for (const path of ["/seller-list?search=elbufer", "/seller-list?state=ONBOARDING&sort=-name"]) {
      const response = await success.get(`${PORTAL}${path}`);
      expect(response.status, path).toBe(200);
      const rows = tableRows(await response.text());
      expect(rows.length, path).toBeGreaterThan(0);
      expect(
        rows.every((row) => row.details === "—"),
        `${path}: ${JSON.stringify(rows)}`,
      ).toBe(true);
    }
    const html = await (await success.get(`${PORTAL}/seller-list?search=elbufer`)).text();
    expect(html).toContain("Error loading detailedList");
    expect(html).toContain("Elbufer Küchenwelt GmbH");
  });

  it("renders the error view with the service's facts when the list itself fails", async () => {
    await injectFault({ pattern: "/onboarding/api-external/sellers", method: "GET", status: 500 });
    const response = await (await as("OPERATOR_SUCCESSMANAGER")).get(`${PORTAL}/seller-list`);
    expect(response.status).toBe(502);
    const html = await response.text();
    expect(html).toContain("Injected fault");
    expect(html).toContain("INJECTED_FAULT");
  });
});

/** The seller list's rows as the page shows them: name, and the details cell's text. */
function tableRows(html: string): { name: string; details: string }[] {
  const body = /<table class="seller-table"[\s\S]*?<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? "";
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map(([, row]) => {
    const cells = [...row!.matchAll(/<td>([\s\S]*?)<\/td>/g)].map(([, cell]) =>
      cell!
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " ")
        .trim(),
    );
    return { name: /class="seller-table__name">([^<]*)</.exec(row!)?.[1] ?? "", details: cells[2] ?? "" };
  });
}

const DETAILED_LIST = "/seller-service/seller/3/detailedList";
const LIST_CALLS = [
  ["/onboarding/api-external/sellers", "/onboarding"],
  ["/onboarding/api-external/sellers/state-counts", "/onboarding"],
  ["/seller-service/v2/seller/list", "/seller-service"],
  [DETAILED_LIST, "/seller-service"],
] as const;

/** Each of the list's four upstream calls exactly once, and all four in flight together: every one started before any was answered. */
async function expectOneRound(view: string) {
  const timeline: RequestTiming[] = [...(await requestTimeline("/onboarding")), ...(await requestTimeline("/seller-service"))];
  for (const [path] of LIST_CALLS) {
    expect(
      timeline.filter((timing) => timing.path === path),
      `${path} for ${view}: ${JSON.stringify(timeline)}`,
    ).toHaveLength(1);
  }
  expect(timeline, view).toHaveLength(LIST_CALLS.length);
  const firstAnswer = Math.min(...timeline.map((timing) => timing.finishedAt!));
  for (const timing of timeline) expect(timing.startedAt, `${timing.path} started after an answer (${view})`).toBeLessThan(firstAnswer);
}

describe("/seller-list among 5,000 sellers: one round of upstream calls", () => {
  beforeAll(async () => {
    const bulk = await fetch(`${SANDBOX}/__sandbox/sellers/bulk`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ count: 5000 }),
    });
    expect(bulk.status).toBe(201);
  });
  afterAll(resetSandbox);

  // A bulk seller's number ends its name; an ACTIVE one has 1 + (n mod 3) shops at the seller service, every other one none.
  const shopsOf = (name: string, active: boolean) => {
    const n = Number(/ (\d+)$/.exec(name)?.[1]);
    const shops = active ? 1 + (n % 3) : 0;
    return `${shops} ${shops === 1 ? "shop" : "shops"}`;
  };

  it("shows a search's seller with its details", async () => {
    const html = await (await (await as("OPERATOR_SUCCESSMANAGER")).get(`${PORTAL}/seller-list?search=CRM-504321`)).text();
    const rows = tableRows(html);
    expect(rows.map((row) => row.name)).toEqual([expect.stringMatching(/ 4321$/)]);
    expect(rows[0]!.details).toBe(shopsOf(rows[0]!.name, true));
    expect(html).not.toContain("Error loading detailedList");
  });

  it("shows a page change's sellers, each with its own details", async () => {
    const success = await as("OPERATOR_SUCCESSMANAGER");
    const active = tableRows(await (await success.get(`${PORTAL}/seller-list?state=ACTIVE&page=37`)).text());
    expect(active).toHaveLength(25);
    for (const row of active) expect(row.details, row.name).toBe(shopsOf(row.name, true));
    // Several shop counts on the page: the details are the page's own, not one answer repeated.
    expect(new Set(active.map((row) => row.details)).size).toBe(3);
    const onboarding = tableRows(await (await success.get(`${PORTAL}/seller-list?state=ONBOARDING&sort=-created&page=4`)).text());
    expect(onboarding).toHaveLength(25);
    for (const row of onboarding) expect(row.details, row.name).toBe(shopsOf(row.name, false));
  });

  it.each([
    ["the first page", "/seller-list"],
    ["a search", "/seller-list?search=CRM-504321"],
    ["a page change", "/seller-list?state=ONBOARDING&page=37"],
    ["the .data request of a page change", "/seller-list.data?state=ACTIVE&channel=AGENCY&sort=-stateSince&page=3"],
    ["the administration's list", "/seller-administration?search=bulk-seller&page=2"],
  ])("starts the list, counts, channels and details together for %s: detailedList is asked by the list's query, not after it", async (_name, path) => {
    const browser = await as(path.startsWith("/seller-administration") ? "OPERATOR_ADMINISTRATOR" : "OPERATOR_SUCCESSMANAGER");
    await clearFaultsAndCounters();
    // Every call slow: a view that waited for one answer before starting another call would show it in the timeline.
    for (const [path] of LIST_CALLS) await injectFault({ pattern: path, method: "GET", latencyMs: 150 });
    const response = await browser.get(`${PORTAL}${path}`);
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    await expectOneRound(path);
  });

  it("keeps one round when the details fail: the toast, the list without details, the retry beside it", async () => {
    const success = await as("OPERATOR_SUCCESSMANAGER");
    await clearFaultsAndCounters();
    await injectFault({ pattern: DETAILED_LIST, status: 503 });
    const html = await (await success.get(`${PORTAL}/seller-list?state=ACTIVE&page=37`)).text();
    expect(html).toContain("Error loading detailedList");
    const rows = tableRows(html);
    expect(rows).toHaveLength(25);
    expect(rows.every((row) => row.details === "—")).toBe(true);
    expect(await requestCount(DETAILED_LIST)).toBe(2);
    expect(await requestCount("/onboarding/api-external/sellers")).toBe(1);
  });
});

describe("/invite-seller", () => {
  it("refuses a duplicate CRM id and name on their fields, keeping everything typed", async () => {
    const bd = await as("OPERATOR_BUSINESSDEVELOPER");
    const response = await bd.post(`${PORTAL}/invite-seller`, { ...invitation, name: "Nordlicht Living GmbH", crmId: "CRM-100002" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("A seller with this company name exists already.");
    expect(html).toContain("A seller with this CRM id exists already.");
    expect(html).toContain('href="#invite-seller-name"');
    expect(html).toContain('value="Nordlicht Living GmbH"');
    expect(html).toContain('value="ole@ostsee-strand.example.com"');
    expect(await requestCount("/onboarding/api-external/sellers", "PUT")).toBe(0);
  });

  it("reports every invalid field at once", async () => {
    const response = await (
      await as("OPERATOR_BUSINESSDEVELOPER")
    ).post(`${PORTAL}/invite-seller`, { ...invitation, contactEmail: "not-an-address", crmId: "x" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Enter a valid e-mail address");
    expect(html).toContain("A CRM id has 3 to 50 letters");
    expect(await requestCount("/onboarding/api-external/sellers/existsByCrmId", "POST")).toBe(0);
  });

  it("keeps the input and shows the service's error when the invitation fails upstream, without retrying it", async () => {
    await injectFault({ pattern: "/onboarding/api-external/sellers", method: "PUT", status: 503 });
    const response = await (await as("OPERATOR_BUSINESSDEVELOPER")).post(`${PORTAL}/invite-seller`, invitation);
    expect(response.status).toBe(502);
    const html = await response.text();
    expect(html).toContain('value="Ostsee Strandkörbe GmbH"');
    expect(html).toContain("Injected fault");
    expect(html).toContain("INJECTED_FAULT");
    expect(await requestCount("/onboarding/api-external/sellers", "PUT")).toBe(1);
  });

  it("invites a seller and answers the live checks through the portal", async () => {
    const bd = await as("OPERATOR_BUSINESSDEVELOPER");
    const free = await bd.get(`${PORTAL}/invite-seller/check?crmId=CRM-777001`);
    expect(await free.json()).toEqual({ value: "CRM-777001", taken: false });
    const response = await bd.post(`${PORTAL}/invite-seller`, invitation);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/invite-seller");
    expect(await (await bd.get(`${PORTAL}/invite-seller`)).text()).toContain("Ostsee Strandkörbe GmbH was invited");
    expect(await (await bd.get(`${PORTAL}/invite-seller/check?crmId=crm-777001`)).json()).toEqual({ value: "crm-777001", taken: true });
    expect(await (await bd.get(`${PORTAL}/invite-seller/check?name=${encodeURIComponent("ostsee strandkörbe gmbh")}`)).json()).toMatchObject({ taken: true });
  });
});

describe("/seller-administration, /mark-as-active, /delete-seller", () => {
  it("edits a seller: its own name and CRM id may stay, another seller's may not", async () => {
    const admin = await as("OPERATOR_ADMINISTRATOR");
    const form = await (await admin.get(`${PORTAL}/seller-administration?edit=seller-onboarding-feed`)).text();
    expect(form).toContain('value="CRM-100005"');
    expect(form).toContain('action="/seller-administration?edit=seller-onboarding-feed"');
    const taken = await admin.post(`${PORTAL}/seller-administration?edit=seller-onboarding-feed`, { ...seededEdit, crmId: "CRM-100001" });
    expect(taken.status).toBe(400);
    expect(await taken.text()).toContain("A seller with this CRM id exists already.");
    const saved = await admin.post(`${PORTAL}/seller-administration?edit=seller-onboarding-feed`, seededEdit);
    expect(saved.status).toBe(302);
    expect((await upstreamSeller("seller-onboarding-feed")).body.channel).toBe("INTERNATIONAL");
  });

  it("marks only a seller with a finished mapping active; its user then goes to the seller home", async () => {
    const success = await as("OPERATOR_SUCCESSMANAGER");
    const notReady = await (await success.get(`${PORTAL}/mark-as-active?sellerId=seller-submitted`)).text();
    expect(notReady).toContain("Only a seller whose catalogue mapping is finished can be marked active");
    const refused = await success.post(`${PORTAL}/mark-as-active?sellerId=seller-submitted`, {});
    expect(refused.status).toBe(502);
    expect(await refused.text()).toContain("Only a seller whose catalogue mapping is finished can be marked active (state CATALOGUE_DATA_SUBMITTED)");

    const marked = await success.post(`${PORTAL}/mark-as-active?sellerId=seller-mapped`, {});
    expect(marked.status).toBe(302);
    expect(marked.headers.get("location")).toBe("/seller-list?search=Elbufer%20K%C3%BCchenwelt%20GmbH");
    expect((await upstreamSeller("seller-mapped")).body.state).toBe("ACTIVE");
    const seller = new TestBrowser();
    const { url } = await seller.signIn(PORTAL, "seller.mapped@example.com");
    expect(url).toBe(`${PORTAL}/home/overview`);
  });

  it("answers 404 without a sellerId, and for a seller that does not exist", async () => {
    const admin = await as("OPERATOR_ADMINISTRATOR");
    for (const path of [
      "/delete-seller",
      "/delete-seller?sellerId=no-such-seller",
      "/mark-as-active?sellerId=no-such-seller",
      "/seller-administration?edit=no-such-seller",
    ]) {
      const response = await admin.get(`${PORTAL}${path}`);
      expect(response.status, path).toBe(404);
      await response.body?.cancel();
    }
  });

  it("deletes nothing unless the seller's name is typed, keeps the input when deleting fails, then deletes", async () => {
    const admin = await as("OPERATOR_ADMINISTRATOR");
    const wrong = await admin.post(`${PORTAL}/delete-seller?sellerId=seller-registered-2`, { confirmName: "Alpenglück" });
    expect(wrong.status).toBe(400);
    const wrongHtml = await wrong.text();
    expect(wrongHtml).toContain("This is not the seller&#x27;s name. Nothing was deleted.");
    expect(wrongHtml).toContain('value="Alpenglück"');
    expect(await requestCount("/onboarding/api-external/sellers/delete", "DELETE")).toBe(0);

    await injectFault({ pattern: "/onboarding/api-external/sellers/delete", method: "DELETE", status: 500 });
    const failed = await admin.post(`${PORTAL}/delete-seller?sellerId=seller-registered-2`, { confirmName: "Alpenglück Deko e.K." });
    expect(failed.status).toBe(502);
    const failedHtml = await failed.text();
    expect(failedHtml).toContain("Injected fault");
    expect(failedHtml).toContain('value="Alpenglück Deko e.K."');
    expect((await upstreamSeller("seller-registered-2")).status).toBe(200);
    await clearFaultsAndCounters();

    const deleted = await admin.post(`${PORTAL}/delete-seller?sellerId=seller-registered-2`, { confirmName: " alpenglück deko e.k. " });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("location")).toBe("/seller-administration");
    expect((await upstreamSeller("seller-registered-2")).status).toBe(404);
  });
});

describe("acting as a seller", () => {
  it("starts from the list: the seller's default page, with the banner", async () => {
    const browser = new TestBrowser();
    await browser.signIn(PORTAL, "operator@example.com");
    const started = await browser.post(`${PORTAL}/substitution/start`, { userProfileId: "user-seller-new", sellerId: "seller-new", returnTo: "/seller-list" });
    expect(started.headers.get("location")).toBe("/default-redirect");
    const { url, response } = await browser.follow(started, `${PORTAL}/substitution/start`);
    expect(url).toBe(`${PORTAL}/overview`);
    await response.body?.cancel();
    expect(await (await browser.get(`${PORTAL}/landing-page`)).text()).toContain("You are acting as seller Frischer Wind Handel UG");
    const ended = await browser.post(`${PORTAL}/substitution/end`, {});
    expect(ended.headers.get("location")).toBe("/default-redirect");
    expect((await browser.get(`${PORTAL}/default-redirect`)).headers.get("location")).toBe("/seller-list");
  });

  it("shows 'Error switching to seller' back on the list and reloads the user when the switch fails", async () => {
    const browser = new TestBrowser();
    await browser.signIn(PORTAL, "success@example.com");
    await clearFaultsAndCounters();
    await injectFault({ pattern: "/user-profile/me/user/substitute-into-seller-user", status: 500 });
    const started = await browser.post(`${PORTAL}/substitution/start`, {
      userProfileId: "user-seller-new",
      sellerId: "seller-new",
      returnTo: "/seller-list?search=frischer",
    });
    expect(started.headers.get("location")).toBe("/seller-list?search=frischer");
    expect(await requestCount("/user-profile/me/user/substitute-into-seller-user", "POST")).toBe(1);
    expect(await requestCount("/user-profile/me/user", "GET")).toBe(1);
    const html = await (await browser.get(`${PORTAL}/seller-list?search=frischer`)).text();
    expect(html).toContain("Error switching to seller seller-new");
    expect(html).not.toContain("You are acting as seller");
  });

  it("never returns to another origin", async () => {
    const browser = new TestBrowser();
    await browser.signIn(PORTAL, "success@example.com");
    await injectFault({ pattern: "/user-profile/me/user/substitute-into-seller-user", status: 500 });
    const started = await browser.post(`${PORTAL}/substitution/start`, {
      userProfileId: "user-seller-new",
      sellerId: "seller-new",
      returnTo: "//evil.example/x",
    });
    expect(started.headers.get("location")).toBe("/default-redirect");
  });
});
