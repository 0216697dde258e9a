/**
 * The seller home over real HTTP (docs/product.md §9): who may enter,
 * the analytics selection in the URL and its cookie, downloads, and every
 * page surviving the failure of one of its upstream calls.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { PORTAL } from "./ports";
import { clearFaultsAndCounters, injectFault, requestCount } from "./sandbox-control";

const PAGES = [
  "/home",
  "/home/overview",
  "/home/analytics",
  "/home/analytics/sales",
  "/home/analytics/legal",
  "/home/analytics/service",
  "/home/analytics/products",
  "/home/analytics/performance",
  "/home/analytics/oci",
  "/home/analytics/sales/csv?metric=gmv",
  "/home/recommendations",
  "/home/recommendations/gmv-explanation",
  "/home/recommendations/product-not-online/ra-10452-product-not-online",
  "/home/recommendations/products-not-found/ra-10452-products-not-found",
  "/home/recommendations/product-import-errors/ra-10452-product-import-errors",
  "/home/recommendations/offers-may-be-offline-soon/ra-10452-offers-may-be-offline-soon",
];
const COMPANY_PAGES = [
  "/home/my-company",
  "/home/my-company/logistics",
  "/home/my-company/bank-account",
  "/home/my-company/company-info",
  "/home/my-company/legal-documents",
];

const browsers = new Map<string, TestBrowser>();

/** One signed-in browser per account for the whole file: sign-in is slow and not what is tested here. */
async function as(username: string): Promise<TestBrowser> {
  let browser = browsers.get(username);
  if (!browser) {
    browser = new TestBrowser();
    await browser.signIn(PORTAL, username);
    browsers.set(username, browser);
  }
  return browser;
}

async function page(browser: TestBrowser, path: string) {
  const response = await browser.get(`${PORTAL}${path}`);
  // React separates adjacent text parts with empty comments; they are no part of what a person reads.
  const html = (await response.text()).replaceAll("<!-- -->", "");
  return { status: response.status, location: response.headers.get("location"), html, headers: response.headers };
}

/** The shops ticked in the analytics form. */
function checkedShops(html: string): string[] {
  return [...html.matchAll(/<input type="checkbox" name="shop"([^>]*)>/g)].filter((m) => /checked/.test(m[1]!)).map((m) => /value="(\d+)"/.exec(m[1]!)![1]!);
}

beforeEach(clearFaultsAndCounters);
afterEach(clearFaultsAndCounters);

describe("an active seller administrator", () => {
  it("opens the overview from /home: key figures with their change, ratings per shop, the most urgent actions", async () => {
    const browser = await as("seller.active@example.com");
    expect((await page(browser, "/home")).location).toBe("/home/overview");
    const { status, html } = await page(browser, "/home/overview");
    expect(status).toBe(200);
    for (const text of ["GMV", "Orders", "Return rate", "On-time delivery", "compared with"]) expect(html).toContain(text);
    // A rate's change is its difference in percentage points, never a percent that reads as a rate.
    const returnRate = html.slice(html.indexOf("Return rate</h3>"), html.indexOf("</li>", html.indexOf("Return rate</h3>")));
    expect(returnRate).toMatch(/key-figure__change">[+\u2212]?\d+(\.\d+)? percentage points? compared with \d+(\.\d+)?%</);
    expect(html).toMatch(/key-figure__change">[+\u2212]\d+(\.\d)?% compared with €[\d,]+\.\d\d</);
    // Shops in numeric order of their marketplace seller id.
    expect(html.indexOf("(9871)")).toBeLessThan(html.indexOf("(10452)"));
    expect(html.indexOf("(10452)")).toBeLessThan(html.indexOf("(120034)"));
    expect(html).toMatch(/of 5 stars/);
    expect(html).toContain('href="/home/recommendations/offers-may-be-offline-soon/');
    // The actions' texts are not shown here, so the page's data leaves them out: the service's unsanitised markup
    // never reaches the browser, not even as data (the sandbox's texts carry hostile markup).
    for (const bad of ["onerror", "onload", "javascript:", "alert(", "descriptionHtml"]) expect(html).not.toContain(bad);
  });

  it("drills down from a key figure to the detail of every shop it summed, after another choice was remembered, and the heading says so", async () => {
    const browser = await as("seller.active@example.com");
    // A single shop chosen before: the drill-down must not fall back on it.
    await page(browser, "/home/analytics/sales?shop=9871&range=last7");
    const overview = (await page(browser, "/home/overview")).html;
    const href = /<a[^>]*href="(\/home\/analytics\/sales\?[^"]*)"[^>]*>GMV in detail<\/a>/.exec(overview)?.[1]?.replaceAll("&amp;", "&");
    expect(href, "the GMV figure's drill-down link").toBeDefined();
    const detail = await page(browser, href!);
    expect(detail.status).toBe(200);
    expect(checkedShops(detail.html)).toEqual(["9871", "10452", "120034"]);
    expect(detail.html).toMatch(/<h2[^>]*>Sales: all 3 shops, /);
    expect(overview).toContain("Key figures of all 3 shops, last 30 days");
  });

  it("asks for the seller's state once per request, however many routes of the page check it", async () => {
    const browser = await as("seller.active@example.com");
    await clearFaultsAndCounters();
    expect((await page(browser, "/home/analytics/sales?shop=9871")).status).toBe(200);
    expect(await requestCount("/onboarding/me/seller/state")).toBe(1);
  });

  it("reads the selection from the URL, keeps at least one shop, and remembers the last choice in a cookie", async () => {
    const browser = new TestBrowser();
    await browser.signIn(PORTAL, "seller.active@example.com");
    // No choice yet: the first shop (numerically), the last 30 days.
    const first = await page(browser, "/home/analytics/sales");
    expect(first.status).toBe(200);
    expect(checkedShops(first.html)).toEqual(["9871"]);

    const chosen = await page(browser, "/home/analytics/sales?shop=10452&shop=120034&range=lastMonth&compare=previousYear");
    expect(checkedShops(chosen.html)).toEqual(["10452", "120034"]);
    expect(chosen.html).toMatch(/<option value="lastMonth" selected/);
    expect(chosen.html).toContain("Comparison date");
    expect(chosen.headers.get("set-cookie")).toContain("sp_analytics=");

    // A visit without a query goes to the remembered choice, in the address.
    const back = await page(browser, "/home/analytics/service");
    expect(back.status).toBe(302);
    expect(back.location).toBe("/home/analytics/service?shop=10452&shop=120034&range=lastMonth&compare=previousYear");

    // Every shop unticked: the first one is shown, never none.
    const none = await page(browser, "/home/analytics/sales?range=last7");
    expect(checkedShops(none.html)).toEqual(["9871"]);
    // Unknown shops are not the seller's: ignored the same way.
    const foreign = await page(browser, "/home/analytics/sales?shop=30561&range=last7");
    expect(checkedShops(foreign.html)).toEqual(["9871"]);
  });

  it("explains a broken custom period at the top of the page and shows the default period", async () => {
    const browser = await as("seller.active@example.com");
    const { status, html } = await page(browser, "/home/analytics/sales?shop=9871&range=custom&from=2026-05-10&to=2026-05-01");
    expect(status).toBe(200);
    expect(html).toContain("The custom period starts after it ends");
    expect(html).toContain('href="#analytics-from"');
  });

  it("downloads a chart's figures as CSV: one line per day of the period, the same figures as the table", async () => {
    const browser = await as("seller.active@example.com");
    const response = await browser.get(`${PORTAL}/home/analytics/sales/csv?shop=9871&range=last7&metric=orders`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="sales-orders-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Date,Orders");
    expect(lines).toHaveLength(8);
    const table = await page(browser, "/home/analytics/sales?shop=9871&range=last7");
    for (const line of lines.slice(1)) {
      const [date, value] = line.split(",");
      // The table writes the day as English readers do; the CSV keeps it ISO for spreadsheets.
      const day = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
      expect(table.html).toContain(`<td class="metric__date">${day}</td><td>${Number(value).toLocaleString("en")}</td>`);
    }
    expect((await browser.get(`${PORTAL}/home/analytics/sales/csv?shop=9871&metric=nothing`)).status).toBe(404);
    expect((await browser.get(`${PORTAL}/home/analytics/unknown/csv?metric=gmv`)).status).toBe(404);
  });

  it("sees the OCI tab (ce-fds=true)", async () => {
    const browser = await as("seller.active@example.com");
    const { status, html } = await page(browser, "/home/analytics/oci?shop=9871");
    expect(status).toBe(200);
    expect(html).toContain('href="/home/analytics/oci?');
    expect(html).toContain("Offer compliance");
  });

  it("sees recommendations with sanitised texts: in-app links with link ids, nothing that runs", async () => {
    const browser = await as("seller.active@example.com");
    const { status, html } = await page(browser, "/home/recommendations");
    expect(status).toBe(200);
    const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
    expect(main).toMatch(/<a href="\/home\/recommendations\/gmv-explanation" id="[0-9a-f]{2,8}(-[0-9a-f]{2,8}){7}">/);
    expect(main).toContain('data-excluded="true"');
    for (const bad of ["onerror", "onload", "javascript:", "<iframe", "<svg", 'style="position', "document.title"]) expect(main).not.toContain(bad);
    // Nothing of the defused markup is left to read, and a card's links to a shop's figures keep the card's shop.
    expect(main).not.toMatch(/Overlay|>Details</);
    expect(main).toMatch(/<a href="\/home\/analytics\/sales\?shop=10452" id="[0-9a-f-]+">sales<\/a>/);
    expect(main).toMatch(/<a href="\/home\/analytics\/products\?shop=9871" id="[0-9a-f-]+">products analytics<\/a>/);
  });

  it("pages through a detail's affected products in the URL; an unknown id or the wrong kind is 404", async () => {
    const browser = await as("seller.active@example.com");
    const first = await page(browser, "/home/recommendations/product-import-errors/ra-10452-product-import-errors");
    expect(first.status).toBe(200);
    expect(first.html).toContain("Products 1 to 20 of 29");
    // Breadcrumbs: Recommendations › the kind.
    expect(first.html).toMatch(
      /class="breadcrumbs"><ol><li><a href="\/home\/recommendations"[^>]*>Recommendations<\/a><\/li><li><span aria-current="page">Product import errors<\/span>/,
    );
    const second = await page(browser, "/home/recommendations/product-import-errors/ra-10452-product-import-errors?page=2");
    expect(second.html).toContain("Products 21 to 29 of 29");
    expect((await page(browser, "/home/recommendations/product-import-errors/ra-nope")).status).toBe(404);
    expect((await page(browser, "/home/recommendations/product-not-online/ra-10452-product-import-errors")).status).toBe(404);
  });

  it("visits my company's pages: the IBAN masked, documents downloadable as PDF", async () => {
    const browser = await as("seller.active@example.com");
    expect((await page(browser, "/home/my-company")).location).toBe("/home/my-company/logistics");
    expect((await page(browser, "/home/my-company/logistics")).html).toContain("Central warehouse Hamburg");
    const bank = await page(browser, "/home/my-company/bank-account");
    expect(bank.html).toContain("DE89 **** **** **** **30 00");
    expect(bank.html).not.toContain("DE89370400440532013000");
    expect((await page(browser, "/home/my-company/company-info")).html).toContain("Nordlicht Living GmbH");
    const documents = await page(browser, "/home/my-company/legal-documents");
    const href = /href="(\/home\/my-company\/legal-documents\/[^"]+\/download)"/.exec(documents.html)?.[1];
    expect(href).toBeDefined();
    const file = await browser.get(`${PORTAL}${href}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    expect((await browser.get(`${PORTAL}/home/my-company/legal-documents/doc-seller-small-1/download`)).status).toBe(404);
  });

  it("sends a browser that follows a link to a file that is not there back to the page, saying so; a script keeps the 404", async () => {
    const browser = await as("seller.active@example.com");
    const followed = { Accept: "text/html,application/xhtml+xml", "Sec-Fetch-Dest": "document" };
    const links = [
      // A document deleted meanwhile (this one is another seller's), from the documents page and typed without a page.
      {
        url: "/home/my-company/legal-documents/doc-seller-small-1/download",
        from: "/home/my-company/legal-documents?x=1",
        back: "/home/my-company/legal-documents?x=1",
      },
      { url: "/home/my-company/legal-documents/doc-gone/download", from: undefined, back: "/home/my-company/legal-documents" },
      // A chart's figures of a tab there is not (an analytics page without a query would pass the toast on to the selection it remembers).
      { url: "/home/analytics/no-such-tab/csv", from: "/home/overview", back: "/home/overview" },
    ];
    for (const link of links) {
      const response = await browser.get(`${PORTAL}${link.url}`, { ...followed, ...(link.from ? { Referer: `${PORTAL}${link.from}` } : {}) });
      expect(response.status, link.url).toBe(303);
      expect(response.headers.get("location"), link.url).toBe(link.back);
      const back = await page(browser, link.back);
      expect(back.html, link.url).toContain("Toastify__toast--error");
      expect(back.html, link.url).toContain("The file could not be downloaded: it is not there");
      expect((await browser.get(`${PORTAL}${link.url}`, { Accept: "application/json" })).status, link.url).toBe(404);
    }
  });
});

describe("injected failures", () => {
  it("shops unavailable: the toast 'Error loading shops', and the pages still render", async () => {
    // Before signing in: a session that has read its shops keeps them for a minute.
    await injectFault({ pattern: "/onboarding/me/seller/shops", status: 503 });
    const browser = new TestBrowser();
    await browser.signIn(PORTAL, "seller.active@example.com");
    for (const path of ["/home/analytics/sales", "/home/overview"]) {
      const { status, html } = await page(browser, path);
      expect(status, path).toBe(200);
      expect(html, path).toContain("Error loading shops");
      expect(html, path).toContain('role="alert"');
    }
    // The recommended actions do not need the shops.
    expect((await page(browser, "/home/overview")).html).toContain("Fix these first");
  });

  it("one dashboard failing: its figures say so, the others still show", async () => {
    const browser = await as("seller.active@example.com");
    await injectFault({ pattern: "/analytics/dashboards/dash-sales-9b41/data", status: 500 });
    const overview = await page(browser, "/home/overview");
    expect(overview.status).toBe(200);
    expect(overview.html.match(/Not available right now\./g)).toHaveLength(2);
    expect(overview.html).toMatch(/Return rate<\/h3><p class="key-figure__value">/);
    const sales = await page(browser, "/home/analytics/sales?shop=9871");
    expect(sales.status).toBe(200);
    expect(sales.html).toContain("This dashboard could not be loaded.");
    expect(sales.html).toContain("Injected fault");
    expect((await page(browser, "/home/analytics/service?shop=9871")).html).toContain("Return rate as a table");
  });

  it("ratings down: the overview says so and shows everything else", async () => {
    const browser = await as("seller.active@example.com");
    await injectFault({ pattern: "/seller-service/v2/seller/ratings", status: 503 });
    const { status, html } = await page(browser, "/home/overview");
    expect(status).toBe(200);
    expect(html).toContain("Some ratings could not be loaded.");
    expect(html).toMatch(/GMV<\/h3><p class="key-figure__value">/);
  });

  it("the recommendations service down: the route's error view with the service's facts", async () => {
    const browser = await as("seller.active@example.com");
    await injectFault({ pattern: "/recommended-actions/recommended-actions", status: 500 });
    const { status, html } = await page(browser, "/home/recommendations");
    expect(status).toBe(502);
    expect(html).toContain("Injected fault");
    expect(html).toContain("INJECTED_FAULT");
  });
});

describe("who may enter", () => {
  it("a viewer sees home, analytics and recommendations", async () => {
    const browser = await as("viewer@example.com");
    for (const path of ["/home/overview", "/home/analytics/sales?shop=9871", "/home/recommendations", "/home/recommendations/gmv-explanation"]) {
      expect((await page(browser, path)).status, path).toBe(200);
    }
    expect((await page(browser, "/home/overview")).html).not.toContain('href="/home/my-company"');
  });

  it("a viewer is refused my company, GET and POST, and nothing reaches the seller service", async () => {
    const browser = await as("viewer@example.com");
    await clearFaultsAndCounters();
    for (const path of [...COMPANY_PAGES, "/home/my-company/legal-documents/doc-seller-active-1/download"]) {
      const got = await page(browser, path);
      expect(got.status, `GET ${path}`).toBe(302);
      expect(got.location, `GET ${path}`).toBe("/default-redirect");
      const posted = await browser.post(`${PORTAL}${path}`, { anything: "x" });
      expect(posted.status, `POST ${path}`).toBe(302);
      expect(posted.headers.get("location"), `POST ${path}`).toBe("/default-redirect");
    }
    expect(await requestCount("/seller-service/v2/seller/seller-active")).toBe(0);
    expect(await requestCount("/seller-service/v2/seller/seller-active/legal-documents/doc-seller-active-1")).toBe(0);
    // The denial comes with its toast on the page the viewer lands on.
    const landed = await browser.navigate(`${PORTAL}/default-redirect`);
    expect(await landed.response.text()).toContain('role="alert"');
  });

  it("a cross-site POST to a home page is refused with 403 before any upstream call", async () => {
    const browser = await as("seller.active@example.com");
    await clearFaultsAndCounters();
    for (const path of ["/home/overview", "/home/my-company/bank-account", "/home/analytics/sales/csv?metric=gmv"]) {
      const response = await browser.post(`${PORTAL}${path}`, { anything: "x" }, { Origin: "https://evil.example" });
      expect(response.status, path).toBe(403);
    }
    expect(await requestCount("/onboarding/me/seller/state")).toBe(0);
    expect(await requestCount("/seller-service/v2/seller/seller-active")).toBe(0);
  });

  it("a seller without ce-fds has no OCI tab and gets 404 on its URL and its CSV", async () => {
    const browser = await as("seller.small@example.com");
    const sales = await page(browser, "/home/analytics/sales");
    expect(sales.status).toBe(200);
    expect(sales.html).not.toContain('href="/home/analytics/oci');
    expect(sales.html).toContain("Kleinod Manufaktur");
    expect((await page(browser, "/home/analytics/oci")).status).toBe(404);
    expect((await browser.get(`${PORTAL}/home/analytics/oci/csv?metric=offerComplianceScore`)).status).toBe(404);
  });

  it.each(["seller.new@example.com", "seller.submitted@example.com", "seller.mapped@example.com"])(
    "a seller that is not active (%s) is redirected from every page of the home",
    async (username) => {
      const browser = await as(username);
      for (const path of [...PAGES, ...COMPANY_PAGES]) {
        const { status, location } = await page(browser, path);
        expect(status, path).toBe(302);
        expect(location, path).toBe("/default-redirect");
      }
    },
  );
});
