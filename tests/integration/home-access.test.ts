/**
 * Who may use the active seller's catalogue and my company's change
 * requests over real HTTP (docs/product.md §2, §9, §11): every role, GET
 * and POST; a refused POST changes nothing upstream (the sandbox's request
 * counts); staff acting as the seller are refused the bank account and the
 * contract, before any upstream call.
 */
import { roles, type Role } from "#contract/upstream.ts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { PORTAL, SANDBOX } from "./ports";
import { clearFaultsAndCounters } from "./sandbox-control";
import { as, resetSandbox } from "./staff-support";

/** Every request that changes something at the catalogue upload service or the seller service. */
async function upstreamChanges(): Promise<string[]> {
  const response = await fetch(`${SANDBOX}/__sandbox/requests`);
  const { requests } = (await response.json()) as { requests: { method: string; path: string; count: number }[] };
  return requests
    .filter(({ method, path }) => method !== "GET" && (path.startsWith("/catalogue-upload/") || path.startsWith("/seller-service/")))
    .map(({ method, path, count }) => `${method} ${path} ×${count}`);
}

const WAREHOUSE = {
  name: "South warehouse Augsburg",
  street: "Derchinger Straße",
  houseNumber: "120",
  postcode: "86165",
  city: "Augsburg",
  country: "DE",
  contactPerson: "Mehmet Yilmaz",
  handlingTimeDays: "2",
  cutOffTime: "13:30",
};
const BANK = { accountHolder: "Nordlicht Living GmbH", iban: "DE02 1203 0000 0000 2020 51", bic: "BYLADEM1001" };
const FILE = "file-seller-active-nordlicht-katalog-2026-csv";
const PRODUCTS = `/home/catalogue/products?fileId=${FILE}`;

/** The new routes, who may read them and who may post to them (the access table of tests/unit/access.test.ts). */
const ROUTES: { path: string; read: readonly Role[]; change: readonly Role[]; form: Record<string, string> }[] = [
  { path: "/home/catalogue", read: ["SELLER_ADMINISTRATOR", "SELLER_VIEWER_EXTERNAL"], change: ["SELLER_ADMINISTRATOR"], form: { intent: "send" } },
  { path: `/home/catalogue/file?fileId=${FILE}`, read: ["SELLER_ADMINISTRATOR", "SELLER_VIEWER_EXTERNAL"], change: ["SELLER_ADMINISTRATOR"], form: {} },
  { path: `/home/catalogue/problems?fileId=${FILE}`, read: ["SELLER_ADMINISTRATOR", "SELLER_VIEWER_EXTERNAL"], change: [], form: {} },
  { path: PRODUCTS, read: ["SELLER_ADMINISTRATOR", "SELLER_VIEWER_EXTERNAL"], change: [], form: { status: "READY" } },
  {
    path: `/home/catalogue/products/product?fileId=${FILE}&row=2`,
    read: ["SELLER_ADMINISTRATOR"],
    change: ["SELLER_ADMINISTRATOR"],
    form: { intent: "leaveOut", version: "0", reason: "Auslaufartikel" },
  },
  {
    path: `/home/catalogue/products/fix?fileId=${FILE}&kind=EAN_FORMAT&rule=GTIN_LEADING_ZERO&field=ean`,
    read: ["SELLER_ADMINISTRATOR"],
    change: ["SELLER_ADMINISTRATOR"],
    form: { intent: "apply" },
  },
  { path: "/home/my-company/bank-account/change", read: ["SELLER_ADMINISTRATOR"], change: ["SELLER_ADMINISTRATOR"], form: BANK },
  { path: "/home/my-company/logistics/wh-seller-active-2/change", read: ["SELLER_ADMINISTRATOR"], change: ["SELLER_ADMINISTRATOR"], form: WAREHOUSE },
  { path: "/home/my-company/company-info/change", read: ["SELLER_ADMINISTRATOR"], change: ["SELLER_ADMINISTRATOR"], form: { legalName: "X" } },
  { path: "/home/my-company/legal-documents/new", read: ["SELLER_ADMINISTRATOR"], change: ["SELLER_ADMINISTRATOR"], form: { documentKind: "TERMS" } },
  { path: "/home/my-company/changes/change-unknown", read: ["SELLER_ADMINISTRATOR"], change: ["SELLER_ADMINISTRATOR"], form: { intent: "submit" } },
];

beforeAll(async () => {
  await resetSandbox();
  // The first view of a file's products writes its index upstream once: written here, a reading role's view changes nothing.
  const seller = await as("SELLER_ADMINISTRATOR");
  expect((await seller.get(`${PORTAL}${PRODUCTS}`)).status).toBe(200);
});
afterEach(clearFaultsAndCounters);
afterAll(resetSandbox);

describe("every role the table does not allow is refused, GET and POST, and a refused POST changes nothing upstream", () => {
  for (const route of ROUTES) {
    for (const role of roles) {
      const reads = route.read.includes(role);
      const changes = route.change.includes(role);
      if (reads && changes) continue;
      it(`${role} on ${route.path}: ${reads ? "reads, may not change" : "refused"}`, async () => {
        const browser = await as(role);
        await clearFaultsAndCounters();
        const get = await browser.get(`${PORTAL}${route.path}`);
        await get.body?.cancel();
        if (reads) expect(get.status, "GET").not.toBe(302);
        else {
          expect(get.status, "GET").toBe(302);
          expect(get.headers.get("location")).toBe("/default-redirect");
        }
        const post = await browser.post(`${PORTAL}${route.path}`, route.form);
        await post.body?.cancel();
        if (reads && route.change.length === 0) {
          // A download takes no POST at all.
          expect(post.status, "POST").toBe(405);
        } else {
          expect(post.status, "POST").toBe(302);
          expect(post.headers.get("location")).toBe("/default-redirect");
        }
        expect(await upstreamChanges()).toEqual([]);
      });
    }
  }

  it("the viewer's upload to the catalogue goes nowhere: refused before a byte is forwarded", async () => {
    const viewer = await as("SELLER_VIEWER_EXTERNAL");
    await clearFaultsAndCounters();
    const form = new FormData();
    form.set("file", new Blob(["EAN;Kategorie\n4006381333931;Küche\n"]), "update.csv");
    for (const path of ["/home/catalogue", "/home/catalogue/file"]) {
      const response = await viewer.request(`${PORTAL}${path}`, { method: "POST", body: form });
      await response.body?.cancel();
      expect(response.status).toBe(302);
    }
    expect(await upstreamChanges()).toEqual([]);
  });

  it("a seller that is not active is sent away from every new page, GET and POST", async () => {
    const seller = new TestBrowser();
    await seller.signIn(PORTAL, "seller.catalogue@example.com");
    await clearFaultsAndCounters();
    for (const route of ROUTES) {
      const get = await seller.get(`${PORTAL}${route.path}`);
      await get.body?.cancel();
      expect(get.headers.get("location"), route.path).toBe("/default-redirect");
      const post = await seller.post(`${PORTAL}${route.path}`, route.form);
      await post.body?.cancel();
      expect(post.headers.get("location"), route.path).toBe("/default-redirect");
    }
    expect(await upstreamChanges()).toEqual([]);
  });

  it("another site's page posting to the new actions is refused with 403 and changes nothing", async () => {
    const seller = await as("SELLER_ADMINISTRATOR");
    await clearFaultsAndCounters();
    for (const route of ROUTES.filter((candidate) => candidate.change.length > 0)) {
      const response = await seller.post(`${PORTAL}${route.path}`, route.form, { Origin: "https://evil.example.com" });
      await response.body?.cancel();
      expect(response.status, route.path).toBe(403);
    }
    expect(await upstreamChanges()).toEqual([]);
  });
});

describe("staff acting as the seller (docs/product.md §11)", () => {
  it("may not change the bank account or the contract, refused before any upstream call; other company data they may", async () => {
    const staff = new TestBrowser();
    await staff.signIn(PORTAL, "admin@example.com");
    const started = await staff.post(`${PORTAL}/substitution/start`, {
      userProfileId: "user-seller-active",
      sellerId: "seller-active",
      returnTo: "/seller-administration",
    });
    expect(started.status).toBe(302);
    await staff.navigate(`${PORTAL}/default-redirect`);

    const form = await staff.get(`${PORTAL}/home/my-company/bank-account/change`);
    expect(form.status).toBe(200);
    const page = await form.text();
    expect(page).toContain("the bank account and the contract cannot be changed");
    expect(page).not.toContain('name="iban"');

    await clearFaultsAndCounters();
    const bank = await staff.post(`${PORTAL}/home/my-company/bank-account/change`, BANK);
    expect(bank.status).toBe(303);
    expect(bank.headers.get("location")).toBe("/home/my-company/bank-account");
    const contract = new FormData();
    contract.set("documentKind", "CONTRACT");
    contract.set("file", new Blob(["%PDF-1.4\n"]), "vertrag.pdf");
    const upload = await staff.request(`${PORTAL}/home/my-company/legal-documents/new`, { method: "POST", body: contract });
    expect(upload.status).toBe(303);
    expect(await upstreamChanges()).toEqual([]);

    const warehouse = await staff.post(`${PORTAL}/home/my-company/logistics/wh-seller-active-2/change`, WAREHOUSE);
    expect(warehouse.status).toBe(303);
    expect(warehouse.headers.get("location")).toMatch(/^\/home\/my-company\/changes\/change-/);
    await staff.post(`${PORTAL}/substitution/end`, {});
  });
});
