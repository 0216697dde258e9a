/**
 * The staff seller page over real HTTP (docs/product.md §10): staff see the
 * same progress and the same missing requirements as the seller's own task
 * list, for every seeded seller; the page's calls run in one round; a part
 * that fails says so while the rest shows; who acted as the seller is listed.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { seedUsers } from "../../sandbox/seed.ts";
import { TestBrowser } from "../support/http-client";
import { PORTAL } from "./ports";
import { clearFaultsAndCounters, injectFault, requestTimeline } from "./sandbox-control";
import { as, resetSandbox } from "./staff-support";

beforeAll(resetSandbox);
afterEach(clearFaultsAndCounters);
afterAll(resetSandbox);

/** React's text separators out, so that a sentence reads as one string. */
const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

type Seen = { statuses: Record<string, string>; completed: number; total: number; missing: string[] };

/**
 * The seller's task list: each task's status (by the status tag's kind, whatever the page's language), how many are
 * complete, and the tasks not complete.
 */
function sellerTaskList(html: string): Seen {
  const statuses: Record<string, string> = {};
  for (const match of html.matchAll(/id="task-([\w-]+)-status"><span class="status-tag status-tag--([\w-]+)"/g)) statuses[match[1]!] = match[2]!;
  const missing = Object.keys(statuses).filter((id) => statuses[id] !== "complete");
  return { statuses, completed: Object.keys(statuses).length - missing.length, total: Object.keys(statuses).length, missing };
}

/** The staff seller page: the same, from its requirement rows, its progress line and its list of what is missing. */
function staffView(html: string): Seen {
  const statuses: Record<string, string> = {};
  for (const match of html.matchAll(/data-requirement="([\w-]+)"[\s\S]*?class="status-tag status-tag--([\w-]+)"/g)) statuses[match[1]!] = match[2]!;
  const [, completed, total] = /id="seller-progress-label">(\d+) (?:of|von) (\d+)/.exec(html) ?? [];
  const missing = [...html.matchAll(/data-missing="([\w-]+)"/g)].map((match) => match[1]!);
  return { statuses, completed: Number(completed), total: Number(total), missing };
}

describe("what staff see of a seller is what the seller sees", () => {
  const administrators = seedUsers.filter((user) => user.role === "SELLER_ADMINISTRATOR" && user.sellerId);

  it("has the seeded sellers to compare", () => {
    expect(administrators.length).toBeGreaterThanOrEqual(10);
  });

  for (const administrator of administrators) {
    it(`${administrator.sellerId}: the same numbers and the same missing requirements on the seller page, the list and the seller's task list`, async () => {
      const staff = await as("OPERATOR_SUCCESSMANAGER");
      const page = await staff.get(`${PORTAL}/sellers/${administrator.sellerId}`);
      expect(page.status).toBe(200);
      const seen = staffView(await text(page));
      expect(Object.keys(seen.statuses)).toHaveLength(11);

      const seller = new TestBrowser();
      const { url } = await seller.signIn(PORTAL, administrator.email);
      const taskList = await seller.get(`${PORTAL}/overview`);
      if (taskList.status === 200) {
        expect(seen).toEqual(sellerTaskList(await text(taskList)));
      } else {
        // An active seller has no task list any more (it goes to the seller home): every requirement was met.
        expect(url).toBe(`${PORTAL}/home/overview`);
        expect(seen).toMatchObject({ completed: 11, total: 11, missing: [] });
        await taskList.body?.cancel();
      }

      const list = await text(await staff.get(`${PORTAL}/seller-list?search=${encodeURIComponent(administrator.email)}`));
      expect(list).toContain(`${seen.completed} of ${seen.total} tasks complete`);
    });
  }

  it("says what is missing in the seller's words, and what the catalogue's files lack", async () => {
    const html = await text(await (await as("OPERATOR_OTHER")).get(`${PORTAL}/sellers/seller-onboarding-ftp`));
    expect(html).toContain("requirements are missing");
    expect(html).toContain("<strong>Upload your catalogue</strong>: no catalogue file is uploaded yet.");
    expect(html).toContain("<strong>Map the catalogue&#x27;s columns</strong>: there is no file to map yet.");
    const submitted = await text(await (await as("OPERATOR_OTHER")).get(`${PORTAL}/sellers/seller-submitted`));
    expect(submitted).toContain("sonnenhof-artikel.csv");
    expect(submitted).toContain("Not checked: no row check of this file is stored");
  });
});

describe("the seller page", () => {
  it("starts its upstream calls in one round", async () => {
    const staff = await as("OPERATOR_ADMINISTRATOR");
    await clearFaultsAndCounters();
    for (const pattern of [
      "/onboarding/api-external/sellers/*/overview",
      "/seller-service/v2/seller/*/shops",
      "/user-profile/users/substitutions",
      "/catalogue-upload/staff/seller/*/file/counts",
    ]) {
      await injectFault({ pattern, latencyMs: 150 });
    }
    const response = await staff.get(`${PORTAL}/sellers/seller-active`);
    expect(response.status).toBe(200);
    await response.text();
    const calls = (await requestTimeline("/")).filter((call) => /overview|shops|substitutions|file\/counts/.test(call.path));
    expect(calls.map((call) => call.path).sort()).toEqual([
      "/catalogue-upload/staff/seller/seller-active/file/counts",
      "/onboarding/api-external/sellers/seller-active/overview",
      "/seller-service/v2/seller/seller-active/shops",
      "/user-profile/users/substitutions",
    ]);
    const firstAnswer = Math.min(...calls.map((call) => call.finishedAt ?? Infinity));
    for (const call of calls) expect(call.startedAt, call.path).toBeLessThan(firstAnswer);
  });

  it("shows the shops and the actions the role may take", async () => {
    const admin = await (await (await as("OPERATOR_ADMINISTRATOR")).get(`${PORTAL}/sellers/seller-mapped`)).text();
    expect(admin).toContain('action="/substitution/start"');
    expect(admin).toContain('href="/mark-as-active?sellerId=seller-mapped"');
    expect(admin).toContain('href="/delete-seller?sellerId=seller-mapped"');
    const other = await (await (await as("OPERATOR_OTHER")).get(`${PORTAL}/sellers/seller-mapped`)).text();
    expect(other).toContain('action="/substitution/start"');
    expect(other).not.toContain("/mark-as-active");
    expect(other).not.toContain("/delete-seller");
    const active = await (await (await as("OPERATOR_OTHER")).get(`${PORTAL}/sellers/seller-active`)).text();
    expect(active).toContain("Nordlicht Living DE (DE, marketplace id 10452)");
    const tom = await (await (await as("TOM_TEAM_MEMBER")).get(`${PORTAL}/sellers/seller-submitted`)).text();
    expect(tom).toContain('href="/product-catalogue-integration?sellerId=seller-submitted#return-catalogue"');
    expect(tom).not.toContain('action="/substitution/start"');
  });

  it("still shows the seller when its shops or the acting-as-seller record fail, saying which part is missing, with the error toast", async () => {
    await injectFault({ pattern: "/seller-service/v2/seller/*/shops", status: 503 });
    const staff = await as("OPERATOR_SUCCESSMANAGER");
    const html = await (await staff.get(`${PORTAL}/sellers/seller-active`)).text();
    expect(html).toContain("Error loading shops");
    expect(html).toContain("INJECTED_FAULT");
    expect(html).toContain("11 of 11 tasks complete");
    expect(html).toContain("Nobody from the marketplace has acted as this seller.");
    // The error toast, as the server renders it.
    expect(html).toContain("Toastify__toast--error");

    await clearFaultsAndCounters();
    await injectFault({ pattern: "/user-profile/users/substitutions", status: 500 });
    const second = await (await staff.get(`${PORTAL}/sellers/seller-active`)).text();
    expect(second).toContain("Error loading who acted as this seller");
    expect(second).toContain("Nordlicht Living DE");
  });

  it("is the error page when the seller cannot be loaded, and 404 for an unknown or malformed id", async () => {
    const staff = await as("OPERATOR_SUCCESSMANAGER");
    await injectFault({ pattern: "/onboarding/api-external/sellers/*/overview", status: 500 });
    const failed = await staff.get(`${PORTAL}/sellers/seller-active`);
    expect(failed.status).toBe(502);
    expect(await failed.text()).toContain("INJECTED_FAULT");
    await clearFaultsAndCounters();
    for (const path of ["/sellers/no-such-seller", "/sellers/..%2Fetc", "/sellers/-x"]) {
      const response = await staff.get(`${PORTAL}${path}`);
      expect(response.status, path).toBe(404);
      await response.body?.cancel();
    }
  });

  it("lists who acted as the seller and what they changed", async () => {
    const browser = new TestBrowser();
    await browser.signIn(PORTAL, "operator@example.com");
    await browser.post(`${PORTAL}/substitution/start`, { userProfileId: "user-seller-new", sellerId: "seller-new", returnTo: "/sellers/seller-new" });
    await browser.post(`${PORTAL}/upload/settings`, { uploadType: "DIRECT" });
    await browser.post(`${PORTAL}/substitution/end`, {});
    const html = await (await browser.get(`${PORTAL}/sellers/seller-new`)).text();
    expect(html).toContain("<strong>operator@example.com</strong>");
    expect(html).toContain("Saved how the catalogue arrives");
    expect(html).not.toContain("still acting as the seller");
  });
});
