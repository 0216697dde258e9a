/**
 * The staff's seller list over real HTTP (docs/product.md §10): search,
 * filters and pages in the URL, its failures, and one round of upstream
 * calls among 5,000 sellers.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PORTAL, SANDBOX } from "./ports";
import { clearFaultsAndCounters, injectFault, requestCount, requestTimeline, type RequestTiming } from "./sandbox-control";
import { as, resetSandbox } from "./staff-support";

beforeAll(resetSandbox);
afterEach(clearFaultsAndCounters);
afterAll(resetSandbox);

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
      // The figures the server formatted go with the page, for the browser to read while it hydrates (intl-formats.ts).
      const [script = "", json = "{}"] = /<script type="application\/json" id="intl-values">(.*?)<\/script>/s.exec(html) ?? [];
      const carried = JSON.parse(json) as Record<string, unknown>;
      expect(carried).toMatchObject({ "number en  format number5012": "5,012", "number en  format number1503": "1,503" });
      for (const value of Object.values(carried)) expect(html.replace(script, "")).toContain(String(value));
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
    const cells = [...row!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map(([, cell]) =>
      cell!
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " ")
        .trim(),
    );
    return { name: /class="seller-table__name"[^>]*>([^<]*)</.exec(row!)?.[1] ?? "", details: cells[2] ?? "" };
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
    // 400 ms: at 150 ms, with two test runs sharing the machine's two cores, the last of the administration list's four
    // calls reached the sandbox just after the first was answered, though the portal starts all four together.
    for (const [path] of LIST_CALLS) await injectFault({ pattern: path, method: "GET", latencyMs: 400 });
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
