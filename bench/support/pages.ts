/**
 * Every page of the route table, each as the demo account that sees it, with
 * real ids from the sandbox's seed: what the server-cost benchmark and the
 * Lighthouse run visit. `uncoveredRoutes` walks the built route table and
 * names any page route that no entry here reaches, so a new page cannot be
 * left out silently.
 */
import path from "node:path";
import type { ServerBuild } from "react-router";
import { TestBrowser } from "../../tests/support/http-client.ts";
import { analyticsTabs } from "#contract/home.ts";

export type BenchPage = {
  path: string;
  /** Signed out when absent. */
  account?: string;
  /** Staff acting as this seller user (signed in as `account`). */
  actAs?: { userProfileId: string; sellerId: string };
  /** Makes what the page shows (e.g. a drafted change) and answers the page's path instead of `path`. */
  prepare?: (browser: TestBrowser, portalUrl: string) => Promise<string>;
  /** The status the page answers with: 200 unless said. */
  status?: number;
};

const STEPS = [
  "contract",
  "documents",
  "warehouse",
  "bank-account",
  "identification",
  "account-information",
  "company-information",
  "company-type-representatives",
];
const RECOMMENDATION_KINDS = ["product-not-online", "products-not-found", "product-import-errors", "offers-may-be-offline-soon"];
const ACTIVE = "seller.active@example.com";

export const PAGES: BenchPage[] = [
  { path: "/" },
  { path: "/no-such-page", status: 404 },
  { path: "/landing-page", account: "operator@example.com" },
  { path: "/landing-page", account: "owner@bergblick-moebel.example.com" },
  { path: "/overview", account: "seller.new@example.com" },
  { path: "/overview", account: "owner@bergblick-moebel.example.com" },
  { path: "/overview/review", account: "seller.catalogue@example.com" },
  { path: "/overview/complete", account: "seller.submitted@example.com" },
  ...STEPS.map((step) => ({ path: `/shop-setup/${step}`, account: "owner@bergblick-moebel.example.com" })),
  { path: "/upload/settings", account: "seller.catalogue@example.com" },
  { path: "/upload/catalog", account: "seller.catalogue@example.com" },
  { path: "/upload/catalog/products", account: "seller.catalogue@example.com" },
  { path: "/upload/catalog/categories?fileId=file-seller-submitted-sonnenhof-artikel-csv", account: "seller.submitted@example.com" },
  { path: "/home/catalogue/categories?fileId=file-seller-active-nordlicht-katalog-2026-csv", account: "seller.active@example.com" },
  { path: "/upload/catalog/products/product?fileId=file-seller-submitted-sonnenhof-artikel-csv&row=2", account: "seller.submitted@example.com" },
  {
    path: "/upload/catalog/products/fix?fileId=file-seller-submitted-sonnenhof-artikel-csv&kind=PRICE_FORMAT&rule=PRICE_CURRENCY_SIGN&field=price",
    account: "seller.submitted@example.com",
  },
  { path: "/upload/catalog/products/carry-over?fileId=file-seller-submitted-sonnenhof-artikel-csv", account: "seller.submitted@example.com" },
  { path: "/home/overview", account: ACTIVE },
  ...analyticsTabs.map((tab) => ({ path: `/home/analytics/${tab}`, account: ACTIVE })),
  { path: "/home/catalogue", account: ACTIVE },
  { path: "/home/catalogue/products?fileId=file-seller-active-nordlicht-katalog-2026-csv", account: ACTIVE },
  { path: "/home/catalogue/products/product?fileId=file-seller-active-nordlicht-katalog-2026-csv&row=2", account: ACTIVE },
  {
    path: "/home/catalogue/products/fix?fileId=file-seller-active-nordlicht-katalog-2026-csv&kind=EAN_FORMAT&rule=GTIN_LEADING_ZERO&field=ean",
    account: ACTIVE,
  },
  { path: "/home/catalogue/products/carry-over?fileId=file-seller-active-nordlicht-katalog-2026-csv", account: ACTIVE },
  { path: "/home/recommendations", account: ACTIVE },
  { path: "/home/recommendations/gmv-explanation", account: ACTIVE },
  ...RECOMMENDATION_KINDS.map((kind) => ({ path: `/home/recommendations/${kind}/ra-10452-${kind}`, account: ACTIVE })),
  ...["logistics", "bank-account", "company-info", "legal-documents"].map((page) => ({ path: `/home/my-company/${page}`, account: ACTIVE })),
  ...["bank-account/change", "company-info/change", "company-info/registrations/change", "logistics/wh-seller-active-2/change", "legal-documents/new"].map(
    (form) => ({
      path: `/home/my-company/${form}`,
      account: ACTIVE,
    }),
  ),
  {
    path: "/home/my-company/changes/:changeId",
    account: ACTIVE,
    // A change to review: drafted by the form's own POST (answered 303 to the review page), in a sign-in of its own:
    // a bank account change asks for a sign-in at most 10 minutes old, and the measuring browser's is older by the
    // time a whole run reaches this page. The draft is the seller's, so the measuring browser reviews it.
    prepare: async (_browser, portalUrl) => {
      const browser = new TestBrowser();
      await browser.signIn(portalUrl, ACTIVE);
      const drafted = await browser.post(`${portalUrl}/home/my-company/bank-account/change`, {
        accountHolder: "Nordlicht Living GmbH",
        iban: "DE02 1203 0000 0000 2020 51",
        bic: "BYLADEM1001",
      });
      await drafted.body?.cancel();
      const location = drafted.headers.get("location");
      if (drafted.status !== 303 || !location?.startsWith("/home/my-company/changes/")) {
        throw new Error(`drafting a change answered ${drafted.status} to ${location}`);
      }
      return location;
    },
  },
  { path: "/team", account: ACTIVE },
  { path: "/team/user-viewer/remove", account: ACTIVE },
  { path: "/notifications", account: ACTIVE },
  { path: "/team/activity", account: ACTIVE },
  { path: "/security/second-factor", account: "operator@example.com" },
  { path: "/seller-list", account: "operator@example.com" },
  { path: "/invite-seller", account: "bd@example.com" },
  { path: "/invitations", account: "bd@example.com" },
  { path: "/invitations/seller-invited", account: "bd@example.com" },
  { path: "/seller-administration?edit=seller-new&search=frischer", account: "admin@example.com" },
  { path: "/sellers/seller-active/users", account: "admin@example.com" },
  { path: "/second-factor-reset?email=viewer@example.com", account: "admin@example.com" },
  { path: "/delete-seller?sellerId=seller-new", account: "admin@example.com" },
  { path: "/mark-as-active?sellerId=seller-mapped", account: "success@example.com" },
  { path: "/sellers/seller-onboarding-ftp", account: "success@example.com" },
  { path: "/sellers/seller-active/activity", account: "success@example.com" },
  { path: "/product-catalogue-integration?sellerId=seller-submitted", account: "tom@example.com" },
  { path: "/product-catalogue-integration/products?sellerId=seller-submitted&fileId=file-seller-submitted-sonnenhof-artikel-csv", account: "tom@example.com" },
  { path: "/substitution?returnTo=%2Fseller-list", account: "operator@example.com", actAs: { userProfileId: "user-seller-new", sellerId: "seller-new" } },
];

/** Page routes that only redirect (or start a sign-in) and so render nothing to compare with a page. The development pages (dev/…, absent in production) are left out too. */
export const NOT_PAGES: Record<string, string> = {
  login: "starts the sign-in at the identity provider (a redirect)",
  "shop-setup": "sends the seller to the first open step (a redirect)",
  "home/analytics": "a redirect to the first tab",
  "home/my-company": "a redirect to the first page",
};

/** The URL pattern of every route with a component that a person opens (layouts without a path of their own left out), from the built route table. */
export function pageRoutes(build: ServerBuild): string[] {
  const routes = Object.values(build.routes).filter((route) => route !== undefined);
  const fullPath = (id: string | undefined): string => {
    const route = id ? build.routes[id] : undefined;
    if (!route) return "";
    const parent = fullPath(route.parentId);
    return [parent, route.path ?? ""].filter(Boolean).join("/");
  };
  const hasChildren = (id: string) => routes.some((route) => route.parentId === id && (route.path || route.index));
  return routes
    .filter((route) => route.module.default && (route.path || route.index) && (route.index || !hasChildren(route.id)))
    .map((route) => fullPath(route.id))
    .concat(routes.filter((route) => route.index && route.module.default === undefined).map((route) => fullPath(route.id)))
    .filter((pattern) => !pattern.startsWith("dev/"));
}

/** Page routes of the build that neither a page of PAGES nor NOT_PAGES covers. */
export async function uncoveredRoutes(buildDir: string): Promise<string[]> {
  const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
  const paths = PAGES.map((page) => new URL(page.path, "http://x").pathname.slice(1));
  return [...new Set(pageRoutes(build))].filter((pattern) => {
    if (pattern in NOT_PAGES) return false;
    const matcher = new RegExp(`^${pattern.replace(/:[^/]+/g, "[^/]+").replace("*", ".+")}$`);
    return !paths.some((candidate) => matcher.test(candidate));
  });
}
