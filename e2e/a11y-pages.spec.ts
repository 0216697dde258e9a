/**
 * axe on every page of the product (docs/product.md §2), each as the demo account
 * that sees it, in English at desktop width (1280 px) and in German on a phone
 * (390 px); the page never scrolls sideways, at either width in either
 * language, and logs no script error or failed request (a hydration error
 * among them); as one table of pages.
 *
 * Why one axe run per language, not one per language and width: axe's rules
 * look at the page's structure (which the width changes, through CSS and the
 * home menu's force-close), at names and roles, and at contrast; the language
 * changes the words, not the structure or the colours. The two runs cover each
 * width and each language once, and the pairing puts German's longer words on
 * the narrowest layout, where they wrap and overflow first. That every key has
 * a German text is tests/unit/locales.test.ts's check; an axe run of each
 * language at each width repeated the same structure's findings at twice the
 * cost (axe is most of this spec's time).
 *
 * Cost: one browser context per account; it signs in once and visits its
 * pages in one language, then in the other (the language switch's own POST),
 * checks each page at both widths on the same load (resizing between the
 * two: the layouts respond to the width through CSS; the home menu's
 * force-close reacts to the resize like a turned phone) and audits it at its
 * language's width.
 *
 * Not here: the development pages (/dev/*: 404 in production, no product
 * page; /dev/translations alone lists every message and takes minutes under
 * axe), audited in e2e/a11y.spec.ts; form error states, open menus and
 * toasts, audited in the areas' own a11y specs.
 *
 * JavaScript-only: the "no-js" project skips this spec. The server's HTML
 * without the portal's scripts (the account menu's details fallback, charts
 * as tables only) is audited by e2e/a11y.spec.ts and e2e/home-a11y.spec.ts in
 * that project; here it would double the run time for pages whose markup
 * differs only in those parts.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { signInAndOpen } from "./support/auth";
import { drawCharts } from "./support/charts";
import { portalOrigin } from "./support/http";
import { chooseLanguage } from "./support/language";
import { cutTableTexts, sidewaysScroll } from "./support/layout";
import { clearFaults, injectFault, resetSandbox, type Fault } from "./support/sandbox";
import { analyticsTabs } from "#contract/home.ts";
import { axeAudit } from "./support/axe";

const WIDTHS = [1280, 390] as const;
const LANGUAGES = ["en", "de"] as const;
/** The width each language is audited at with axe (see the header): English on the desktop, German on a phone. */
const AUDITED_WIDTH: Record<(typeof LANGUAGES)[number], (typeof WIDTHS)[number]> = { en: 1280, de: 390 };

type Visit = {
  path: string;
  /** Makes what the page shows first (e.g. a draft to review) and answers the page's path instead of `path`. */
  prepare?: (page: Page) => Promise<string>;
  /** Only for this visit: the sandbox fails as described (an error page). */
  fault?: Fault;
  /** The page draws charts after load (with JavaScript), each when it comes near the screen. */
  charts?: true;
};

type Account = {
  /** Signed out when absent. */
  username?: string;
  /** Staff acting as this seller user (the acting-as-seller banner on every page). */
  actAs?: { userProfileId: string; sellerId: string; from: string };
  pages: (string | Visit)[];
};

const ONBOARDING_STEPS = [
  "contract",
  "documents",
  "warehouse",
  "bank-account",
  "identification",
  "account-information",
  "company-information",
  "company-type-representatives",
];
const ANALYTICS_TABS = analyticsTabs;
const RECOMMENDATION_KINDS = ["product-not-online", "products-not-found", "product-import-errors", "offers-may-be-offline-soon"];

/** Each page once, as the account whose state and role show it; the pages that differ by role or state once per variant. */
const ACCOUNTS: Record<string, Account> = {
  "signed out": { pages: ["/", "/no-such-page"] },
  // Half-way through the setup (company information saved): every step's form shows, the representatives' too.
  "a seller setting up the shop": {
    username: "owner@bergblick-moebel.example.com",
    pages: ["/landing-page", "/overview", ...ONBOARDING_STEPS.map((step) => `/shop-setup/${step}`), "/no-such-page"],
  },
  "a newly registered seller": { username: "seller.new@example.com", pages: ["/overview"] },
  "a seller whose catalogue is handed over": {
    username: "seller.submitted@example.com",
    // The locked steps read back as summary lists (the agreement with its version and acceptance).
    pages: [
      "/overview",
      "/overview/complete",
      "/shop-setup/documents",
      "/shop-setup/contract",
      "/shop-setup/bank-account",
      // A handed-over file's product and a kind's review: the forms stand, the service refuses a change.
      "/upload/catalog/products/product?fileId=file-seller-submitted-sonnenhof-artikel-csv&row=2",
      "/upload/catalog/products/fix?fileId=file-seller-submitted-sonnenhof-artikel-csv&kind=PRICE_FORMAT&rule=PRICE_CURRENCY_SIGN&field=price",
      "/upload/catalog/products/carry-over?fileId=file-seller-submitted-sonnenhof-artikel-csv",
      // Its category mapping, read (the form to change it: e2e/catalogue-approval.spec.ts).
      "/upload/catalog/categories?fileId=file-seller-submitted-sonnenhof-artikel-csv",
    ],
  },
  "a seller waiting for activation": { username: "seller.mapped@example.com", pages: ["/overview"] },
  // The shop set up, the catalogue not yet: the hand-over's missing list on the task list, the catalogue page and the review.
  "a seller uploading the catalogue": {
    username: "seller.catalogue@example.com",
    pages: ["/upload/settings", "/upload/catalog", "/upload/catalog/products", "/overview", "/overview/review"],
  },
  "an active seller": {
    username: "seller.active@example.com",
    pages: [
      "/home/overview",
      // Every shop with a comparison period: the widest tables and the longest headings (one shop without a comparison: e2e/home-a11y.spec.ts).
      ...ANALYTICS_TABS.map((tab) => ({
        path: `/home/analytics/${tab}?shop=9871&shop=10452&shop=120034&range=last30&compare=previousPeriod`,
        charts: true as const,
      })),
      "/home/catalogue",
      "/home/catalogue/products?fileId=file-seller-active-nordlicht-katalog-2026-csv",
      "/home/catalogue/products/product?fileId=file-seller-active-nordlicht-katalog-2026-csv&row=2",
      "/home/catalogue/products/fix?fileId=file-seller-active-nordlicht-katalog-2026-csv&kind=EAN_FORMAT&rule=GTIN_LEADING_ZERO&field=ean",
      // The mapping as its administrator changes it: the choices and a value's search form, at both widths.
      "/home/catalogue/categories?fileId=file-seller-active-nordlicht-katalog-2026-csv",
      "/home/catalogue/products/carry-over?fileId=file-seller-active-nordlicht-katalog-2026-csv",
      "/home/recommendations",
      ...RECOMMENDATION_KINDS.map((kind) => `/home/recommendations/${kind}/ra-10452-${kind}`),
      "/home/recommendations/gmv-explanation",
      ...["logistics", "bank-account", "company-info", "legal-documents"].map((page) => `/home/my-company/${page}`),
      ...["bank-account/change", "company-info/change", "company-info/registrations/change", "logistics/wh-seller-active-2/change", "legal-documents/new"].map(
        (form) => `/home/my-company/${form}`,
      ),
      // A change to review: drafted by the form's own POST, then opened.
      {
        path: "/home/my-company/changes/:changeId",
        prepare: async (page) => {
          const drafted = await page.request.post("/home/my-company/bank-account/change", {
            form: { accountHolder: "Nordlicht Living GmbH", iban: "DE02 1203 0000 0000 2020 51", bic: "BYLADEM1001" },
            headers: portalOrigin,
            maxRedirects: 0,
          });
          expect(drafted.status(), "change drafted").toBe(303);
          return drafted.headers().location!;
        },
      },
      // The colleagues page (its invite form, every state) and a removal's confirmation.
      "/team",
      "/team/user-viewer/remove",
      // The notifications (one read) and the e-mail settings.
      "/notifications",
      "/team/activity",
      // A loader failure: the route's error view inside the home layout.
      { path: "/home/recommendations", fault: { pattern: "/recommended-actions/recommended-actions", status: 500 } },
    ],
  },
  "an active seller with one shop": { username: "seller.small@example.com", pages: ["/home/overview"] },
  "a live shop's viewer": {
    username: "viewer@example.com",
    pages: ["/landing-page", "/home/overview", "/home/recommendations", "/home/catalogue", "/home/catalogue/products?status=NEEDS_FIX"],
  },
  "staff: administrator": {
    username: "admin@example.com",
    pages: ["/landing-page", "/seller-administration?edit=seller-new&search=frischer", "/delete-seller?sellerId=seller-new"],
  },
  "staff: business developer": {
    username: "bd@example.com",
    // The enrolment page as a session that has its second factor sees it.
    pages: ["/invite-seller", "/invitations", "/invitations/seller-invited", "/security/second-factor"],
  },
  "staff: success manager": {
    username: "success@example.com",
    pages: [
      "/seller-list?state=ONBOARDING",
      "/mark-as-active?sellerId=seller-mapped",
      "/sellers/seller-onboarding-ftp",
      "/sellers/seller-active/activity",
      // A seller's users with their second factors, and one account's reset to review.
      "/sellers/seller-active/users",
      "/second-factor-reset?email=viewer@example.com",
    ],
  },
  "staff: catalogue team": {
    username: "tom@example.com",
    pages: [
      "/product-catalogue-integration?sellerId=seller-submitted",
      "/product-catalogue-integration?sellerId=seller-submitted&confirm=finish",
      // The file's products not listed yet: said in words in their place.
      "/product-catalogue-integration/products?sellerId=seller-submitted&fileId=file-seller-submitted-sonnenhof-artikel-csv",
      // An unread notification: the header's count, the entry's own form.
      "/notifications",
    ],
  },
  "staff: other": { username: "operator@example.com", pages: ["/seller-list"] },
  // The banner, and a step the staff member may not change (the form says why).
  "staff acting as a seller": {
    username: "operator@example.com",
    actAs: { userProfileId: "user-seller-new", sellerId: "seller-new", from: "/seller-list" },
    // And a staff page opened while acting: the way back instead of a refusal.
    pages: ["/overview", "/shop-setup/bank-account", "/substitution?returnTo=%2Fseller-list"],
  },
};

test.beforeEach(async ({}, testInfo) => {
  test.skip(
    testInfo.project.name === "no-js",
    "axe runs in a browser with JavaScript; the no-JavaScript HTML is audited in e2e/a11y.spec.ts and e2e/home-a11y.spec.ts",
  );
});

test.afterAll(async ({ request }) => {
  // The language switch, signed in, saved each account's language upstream.
  await clearFaults(request);
  await resetSandbox(request);
});

async function violations(page: Page, label: string): Promise<string[]> {
  const results = await axeAudit(page).analyze();
  return results.violations.map(
    (violation) =>
      `${label}: [${violation.impact ?? "?"}] ${violation.id}: ${violation.help}\n${violation.nodes.map((node) => `    - ${node.target.join(" ")}`).join("\n")}`,
  );
}

async function auditAccount(browser: Browser, request: APIRequestContext, account: Account): Promise<string[]> {
  const context = await browser.newContext({ viewport: { width: WIDTHS[0], height: 900 } });
  const page = await context.newPage();
  const visits = account.pages.map((entry) => (typeof entry === "string" ? { path: entry } : entry));
  const failures: string[] = [];
  // Script errors and failed requests on any page, among them React's hydration errors (server and browser renders
  // differ). A document answered with an error status (the 404 page, a failing loader's page) is the visit's point.
  page.on("console", (message) => {
    const source = message.location().url;
    const documentStatus = /^Failed to load resource: the server responded with a status of (404|500|502|503)/.test(message.text()) && source === page.url();
    if (message.type() === "error" && !documentStatus) failures.push(`${page.url()}: console error: ${message.text()} (${source})`);
  });
  page.on("pageerror", (error) => failures.push(`${page.url()}: uncaught: ${error.message}`));
  try {
    if (account.username) await signInAndOpen(page, account.username, account.actAs?.from ?? new URL(visits[0]?.path ?? "/", "http://x").pathname);
    if (account.actAs) {
      const { userProfileId, sellerId, from } = account.actAs;
      const started = await page.request.post("/substitution/start", {
        form: { userProfileId, sellerId, returnTo: from },
        headers: portalOrigin,
        maxRedirects: 0,
      });
      expect(started.status(), "acting as the seller started").toBe(302);
    }
    for (const language of LANGUAGES) {
      await chooseLanguage(page, language, "/");
      for (const visit of visits) {
        if (visit.fault) await injectFault(request, visit.fault);
        try {
          await page.setViewportSize({ width: WIDTHS[0], height: 900 });
          await page.goto(visit.prepare ? await visit.prepare(page) : visit.path);
          await expect(page.locator("html"), visit.path).toHaveAttribute("lang", language);
          await expect(page.getByRole("heading", { level: 1 }).first(), visit.path).toBeVisible();
          if (visit.charts) await drawCharts(page);
          if (account.actAs)
            await expect(page.getByText(language === "de" ? /^Sie handeln im Namen des Händlerkontos / : /^You are acting as seller /)).toBeVisible();
          for (const width of WIDTHS) {
            await page.setViewportSize({ width, height: 900 });
            const label = `${visit.path}${visit.fault ? " (failing)" : ""} ${language} ${width}px`;
            if (width === AUDITED_WIDTH[language]) {
              failures.push(...(await violations(page, label)));
              // A table's caption and cells wrap within what its frame shows: nothing is cut.
              failures.push(...(await cutTableTexts(page)).map((cut) => `${label}: a table's text is cut: ${cut}`));
            }
            // Wide content (a table, a long code) scrolls in its own frame; the page itself never scrolls sideways.
            const overflow = await sidewaysScroll(page);
            if (overflow > 0) failures.push(`${label}: the page scrolls sideways by ${overflow} px`);
          }
        } finally {
          if (visit.fault) await clearFaults(request);
        }
      }
    }
  } finally {
    await context.close();
  }
  return failures;
}

/**
 * `npm test` runs the audits tagged `@audit-lane` after vitest, beside the other specs (scripts/test-lanes.sh), and
 * these with the other specs, so that both lanes end at about the same time: with the first alone, the audit lane
 * ended 64 s after the other specs once the browser's scripts ran unoptimised (fresh run 32); the second took 32 s
 * there.
 */
const WITH_THE_OTHER_SPECS = new Set(["an active seller", "a seller whose catalogue is handed over"]);

for (const [name, account] of Object.entries(ACCOUNTS)) {
  const tag = WITH_THE_OTHER_SPECS.has(name) ? [] : ["@audit-lane"];
  test(`${name}: every page, axe in en at 1280 px and de at 390 px, no sideways scroll at either`, { tag }, async ({ browser, request }) => {
    // Two axe runs and two loads per page, each a few seconds on the shared machine.
    test.setTimeout(30_000 + account.pages.length * 4 * 6_000);
    const failures = await auditAccount(browser, request, account);
    expect(failures, failures.join("\n\n")).toEqual([]);
  });
}
