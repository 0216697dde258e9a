/**
 * Hostile input, everywhere (docs/product.md §2, §3), generated from
 * app/routes.ts and the access table (tests/support/access-table.ts): every
 * demo account opens every route with GET and POST and is let in or refused
 * as the table says, a refused POST changing nothing upstream; a POST from
 * another origin is refused on every route; return targets that leave the
 * site are dropped; a tampered session cookie is no session; no token
 * reaches any page, `.data` answer or log line; and a mapping form posted
 * for columns the file no longer has renders, rather than crashing the page.
 */
import type { Role } from "#contract/upstream.ts";
import { JSDOM } from "jsdom";
import { beforeAll, describe, expect, it } from "vitest";
import { demoAccounts } from "../../sandbox/seed";
import { TABLE, UNGUARDED } from "../support/access-table";
import type { TestBrowser } from "../support/http-client";
import { pdfBytes } from "../support/onboarding-fixtures";
import { MUTATING } from "./matrix/faults";
import { formsTo, type Submission } from "./matrix/forms";
import { matrixStack, sampled } from "./matrix/matrix-stack";
import { ACTION_FORMS, ROUTE_SAMPLES, routeTable } from "./matrix/route-table";

const stack = matrixStack(3285);
const ROUTES = sampled(routeTable()).filter((route) => !UNGUARDED.has(route.file));
/** POSTs that, let in, would act on a seller the other rows need: they act on one nobody signs in as. */
const POST_URLS: Record<string, string> = {
  "/mark-as-active": "/mark-as-active?sellerId=seller-submitted-2",
  "/delete-seller": "/delete-seller?sellerId=seller-submitted-2",
};

/** What a person types into the forms of POST_URLS' sellers. */
const POST_VALUES: Record<string, Record<string, string>> = { "/delete-seller": { confirmName: "Spreewald Leuchten GmbH" } };

const urls = new Map<string, string>();
/**
 * Each action's form as the account that may post it finds it, filled in as a person would: a refused POST carries
 * this whole valid form, so that "nothing written upstream" is the refusal's doing, not the form's. A form offered
 * only after an earlier step (the way back from acting as a seller, the hand-over) is its fields as they stand.
 */
const validForms = new Map<string, Submission>();
/** Everything the browser got in this file: searched for tokens at the end. */
const received: string[] = [];

beforeAll(async () => {
  for (const route of ROUTES) urls.set(route.path, await stack.urlOf(route));
  for (const route of ROUTES.filter((candidate) => candidate.hasAction)) {
    const { from, account = ROUTE_SAMPLES[route.path]!.account, values } = ACTION_FORMS[route.path] ?? {};
    const page = POST_URLS[route.path] ?? from ?? urls.get(route.path)!;
    const browser = await stack.as(account);
    const html = await (await browser.get(`${stack.portal()}${page}`)).text();
    const [form] = formsTo(html, `${stack.portal()}${page}`, route.path, { ...values, ...POST_VALUES[route.path] });
    if (form) validForms.set(route.path, form);
  }
}, 90_000);

/** The toast a response flashes: remix-toast's flash in the cookie session, signed but not encrypted (base64 JSON before the signature). */
function flashedToast(response: Response): { type?: string } | undefined {
  const cookie = response.headers.getSetCookie().find((candidate) => candidate.startsWith("sp_toast="));
  if (!cookie) return undefined;
  const value = decodeURIComponent(cookie.slice("sp_toast=".length).split(";")[0]!);
  const data = JSON.parse(Buffer.from(value.slice(0, value.lastIndexOf(".")), "base64").toString("utf8")) as Record<string, unknown>;
  return (data.__flash_flash__ as { toast?: { type?: string } } | undefined)?.toast;
}

/**
 * Refused by role: sent to the start page with the "no access" error toast. A seller state that does not fit the page
 * sends there too, with an info toast that says why: that is no refusal.
 */
function refusedByRole(response: Response): boolean {
  return response.status === 302 && response.headers.get("location") === "/default-redirect" && flashedToast(response)?.type === "error";
}

async function writesSince(): Promise<string[]> {
  return (await stack.calls())
    .filter((call) => MUTATING.has(call.method) && !call.path.startsWith("/user-profile/me/sessions"))
    .map((call) => `${call.method} ${call.path}`);
}

describe("every demo account × every route × GET and POST, against the access table", () => {
  for (const account of demoAccounts) {
    it(`${account.username} (${account.role})`, async () => {
      const browser = await stack.fresh(account.username);
      for (const route of ROUTES) {
        const row = TABLE.find((candidate) => candidate.path === route.path);
        expect(row, `${route.path} in the access table`).toBeDefined();
        const role = account.role as Role;
        const url = urls.get(route.path)!;

        const read = await browser.get(`${stack.portal()}${url}`);
        received.push(await read.text());
        expect(refusedByRole(read), `GET ${url} as ${role}`).toBe(!row!.allowed.includes(role));

        if (!route.hasAction) continue;
        const mayChange = row!.allowed.includes(role) && (!row!.changes || row!.changes.allowed.includes(role));
        if (mayChange) continue; // posting as someone let in acts: the fault matrix posts every action's form
        await stack.clear();
        const form = validForms.get(route.path);
        const target = form?.action ?? POST_URLS[route.path] ?? url;
        const write = await browser.request(`${stack.portal()}${target}`, { method: "POST", body: form?.body ?? new URLSearchParams({ intent: "submit" }) });
        await write.arrayBuffer();
        expect(refusedByRole(write), `POST ${target} as ${role}`).toBe(true);
        expect(await writesSince(), `POST ${target} as ${role} changed something upstream`).toEqual([]);
      }
    }, 60_000);
  }
});

describe("another site's POST", () => {
  it("is refused on every route, action and resource alike, and nothing reaches a service", async () => {
    const routes = sampled(routeTable());
    for (const route of routes) {
      const account = ROUTE_SAMPLES[route.path]!.account;
      const browser: TestBrowser = await stack.as(account);
      const url = route.hasLoader || route.hasAction ? (urls.get(route.path) ?? ROUTE_SAMPLES[route.path]!.url ?? route.path) : route.path;
      for (const origin of ["https://evil.example", "null"]) {
        await stack.clear();
        const response = await browser.post(`${stack.portal()}${url.replace(/:[a-zA-Z]+/g, "x")}`, { intent: "submit", language: "de" }, { Origin: origin });
        await response.arrayBuffer();
        expect(response.status, `POST ${url} from ${origin}`).toBe(403);
        expect(response.headers.getSetCookie(), `POST ${url} from ${origin} sets no cookie`).toEqual([]);
        expect(await writesSince(), `POST ${url} from ${origin}`).toEqual([]);
      }
    }
  });
});

/** Ways out of the site a return target may try (absolute, scheme-relative, backslashes, encoded, control characters). */
const LEAVING = [
  "https://evil.example/",
  "//evil.example/",
  "/\\evil.example",
  "\\\\evil.example",
  "/.//evil.example",
  "/..//evil.example",
  "/%2e%2e//evil.example",
  "/%2F%2Fevil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  " https://evil.example",
  "https:evil.example",
  "/@evil.example",
];

function staysHome(location: string | null): boolean {
  if (location === null) return true;
  const url = new URL(location, stack.portal());
  return url.origin === stack.portal() && !/^\/[\\/]/.test(location) && !/^[a-z][a-z0-9+.-]*:/i.test(location);
}

describe("return targets", () => {
  it("that try to leave the site are dropped by every form that takes one", async () => {
    const seller = await stack.fresh("seller.active@example.com");
    const staff = await stack.fresh("admin@example.com");
    for (const target of LEAVING) {
      const forms: [TestBrowser, string, Record<string, string>][] = [
        [seller, "/language", { language: "en", redirectTo: target }],
        [seller, "/ui/home-menu", { open: "true", redirectTo: target }],
        [staff, "/substitution/start", { sellerId: "no-such-seller", userProfileId: "nobody", returnTo: target }],
        [staff, "/substitution/end", { returnTo: target }],
      ];
      for (const [browser, path, form] of forms) {
        const response = await browser.post(`${stack.portal()}${path}`, form);
        await response.arrayBuffer();
        expect(response.status, `${path} with ${JSON.stringify(target)}`).not.toBe(500);
        expect(staysHome(response.headers.get("location")), `${path} with ${JSON.stringify(target)} → ${response.headers.get("location")}`).toBe(true);
      }
      const page = await staff.get(`${stack.portal()}/substitution?returnTo=${encodeURIComponent(target)}`);
      expect(staysHome(page.headers.get("location")), `/substitution?returnTo=${JSON.stringify(target)}`).toBe(true);
      received.push(await page.text());
    }
  });
});

describe("a tampered session cookie", () => {
  it("is no session: each change to it sends the browser to sign in, and no service sees a token", async () => {
    const browser = await stack.fresh("seller.active@example.com");
    const value = browser.cookie(new URL(stack.portal()).host, "sp_session")!;
    expect(value).toBeDefined();
    const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === "A" ? "B" : "A") + text.slice(at + 1);
    const dot = value.lastIndexOf(".");
    const tampered = [
      flip(value, 5), // the payload
      flip(value, value.length - 3), // the signature
      value.slice(0, dot), // no signature
      `${value.slice(0, dot)}.${"A".repeat(value.length - dot - 1)}`,
      decodeURIComponent(value).split("").reverse().join(""),
      "",
      "x".repeat(4000),
    ];
    for (const cookie of tampered) {
      await stack.clear();
      const response = await fetch(`${stack.portal()}/home/overview`, { headers: { Cookie: `sp_session=${cookie}` }, redirect: "manual" });
      received.push(await response.text());
      expect(response.status, `cookie ${cookie.slice(0, 20)}…`).toBe(302);
      expect(response.headers.get("location"), `cookie ${cookie.slice(0, 20)}…`).toMatch(/^\/login|^\/$|^\/\?/);
      expect((await stack.calls()).filter((call) => !call.path.startsWith("/idp/"))).toEqual([]);
    }
  });
});

describe("a mapping form for columns the file does not have", () => {
  it("is refused with the page, not a crash", async () => {
    const seller = await stack.fresh("seller.active@example.com");
    const form: Record<string, string> = { intent: "map", fileId: "file-seller-active-nordlicht-katalog-2026-csv" };
    for (let index = 0; index < 40; index++) form[`columns[${index}].header`] = `Spalte ${index}`;
    const response = await seller.post(`${stack.portal()}/home/catalogue`, form);
    received.push(await response.text());
    expect(response.status).toBe(400);
  });
});

/** Markup that would run or mislead if a page wrote it as markup. */
const VECTORS = ['<script>alert("x")</script>', '"><img src=x onerror=alert(1)>', "<svg onload=alert(1)>", '<a href="javascript:alert(1)">Anmelden</a>'];

/**
 * Whether a page holds a vector, or any part of one, as markup rather than text: as written, or partly escaped (its
 * quote escaped but not its angle bracket, or the other way round) so that its element, handler or link still comes
 * alive in the browser's parse of the page.
 */
function live(html: string, vector: string): boolean {
  if (html.includes(vector)) return true;
  const { document } = new JSDOM(html).window;
  for (const element of document.querySelectorAll("*")) {
    if (element.tagName === "SCRIPT" && /^alert\(/.test(element.textContent?.trim() ?? "")) return true;
    if (element.tagName === "IMG" && element.getAttribute("src") === "x") return true;
    if (element.tagName.toLowerCase() === "svg" && element.hasAttribute("onload")) return true;
    if (element.tagName === "A" && /javascript:/i.test(element.getAttribute("href") ?? "")) return true;
    if (element.tagName === "A" && element.textContent === "Anmelden") return true;
    for (const attribute of element.attributes) if (/^on/i.test(attribute.name) && /alert\(/.test(attribute.value)) return true;
  }
  return false;
}

describe("markup typed into text fields and file names", () => {
  it("is shown as text wherever it shows up again: staff screens, the seller's own pages, toasts", async () => {
    const admin = await stack.fresh("admin@example.com");
    const edit = {
      onboardingSellerId: "seller-onboarding-feed",
      crmId: "CRM-100005",
      channel: "INTERNATIONAL",
      contactEmail: "owner@bergblick-moebel.example.com",
      contactPhone: "+49 89 5550105",
      languageCode: "de",
    };
    for (const vector of VECTORS) {
      const saved = await admin.post(`${stack.portal()}/seller-administration?edit=seller-onboarding-feed`, {
        ...edit,
        name: `Bergblick ${vector} KG`,
        contactName: `Lena ${vector}`,
      });
      expect(saved.status, vector).toBe(302);
      const pages = [new URL(saved.headers.get("location")!, stack.portal()).pathname + new URL(saved.headers.get("location")!, stack.portal()).search];
      pages.push("/seller-administration", "/sellers/seller-onboarding-feed", `/seller-list?search=${encodeURIComponent("Bergblick")}`);
      let shown = 0;
      for (const page of pages) {
        const html = await (await admin.get(`${stack.portal()}${page}`)).text();
        received.push(html);
        expect(live(html, vector), `${vector} on ${page}`).toBe(false);
        if (html.includes("Bergblick ")) shown += 1;
      }
      expect(shown, `${vector} shown as text`).toBeGreaterThan(0);
    }
    // The seller's own pages show the name the marketplace keeps.
    const owner = await stack.fresh("owner@bergblick-moebel.example.com");
    for (const page of ["/overview", "/shop-setup/company-information", "/landing-page"]) {
      const html = await (await owner.get(`${stack.portal()}${page}`)).text();
      for (const vector of VECTORS) expect(live(html, vector), `${vector} on ${page}`).toBe(false);
    }
  });

  it("in an uploaded document's name, is shown as text on the steps that list it", async () => {
    const seller = await stack.fresh("seller.new@example.com");
    const form = new FormData();
    form.set("intent", "later");
    const name = `${VECTORS[1]}.pdf`;
    form.set("VAT_CERTIFICATE", new File([pdfBytes], name, { type: "application/pdf" }));
    const uploaded = await seller.request(`${stack.portal()}/shop-setup/documents`, { method: "POST", body: form });
    expect(uploaded.status).toBe(303);
    for (const page of ["/shop-setup/documents", "/overview"]) {
      const html = await (await seller.get(`${stack.portal()}${page}`)).text();
      received.push(html);
      expect(live(html, VECTORS[1]!), page).toBe(false);
    }
  });
});

describe("tokens", () => {
  it("appear in no page, no .data answer and no log line", async () => {
    const seller = await stack.fresh("seller.active@example.com");
    for (const path of ["/home/overview.data", "/home/analytics/sales.data", "/home/my-company/bank-account.data", "/landing-page.data"]) {
      received.push(await (await seller.get(`${stack.portal()}${path}`)).text());
    }
    const everything = [...received, stack.output()];
    // The provider's tokens: its ID token is a JWT; access and refresh tokens travel under these names or as a bearer.
    for (const text of everything) {
      expect(text).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\./);
      expect(text).not.toMatch(/"(access_token|refresh_token|id_token|accessToken|refreshToken|idToken)"\s*:/);
      expect(text).not.toMatch(/Bearer [A-Za-z0-9._~+/-]{16,}/);
    }
    expect(received.length).toBeGreaterThan(500);
  });
});
