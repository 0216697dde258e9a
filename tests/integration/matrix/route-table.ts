/**
 * The route table as the matrices walk it: every URL of app/routes.ts, whether
 * its module has a loader and an action, and the demo account and concrete
 * URL each is opened with. The samples are written out here; `routeTable()`
 * fails for a route of app/routes.ts that has none, so a new route joins the
 * matrices or the suite says so.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "#app/routes.ts";
import { validSteps } from "../../support/onboarding-fixtures";

const APP = path.resolve(import.meta.dirname, "../../../app");

export type MatrixRoute = {
  /** The path as app/routes.ts writes it, e.g. `/sellers/:sellerId`. */
  path: string;
  file: string;
  hasLoader: boolean;
  hasAction: boolean;
};

function flatten(entries: RouteConfigEntry[], prefix = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const own = entry.index ? prefix || "/" : entry.path ? `${prefix}/${entry.path}` : prefix;
    return entry.children ? flatten(entry.children, own) : [{ path: own || "/", file: entry.file }];
  });
}

/** Every leaf route; a layout's loader runs with each of its leaves, so it is covered through them. */
export function routeTable(): MatrixRoute[] {
  return flatten(routes as RouteConfigEntry[]).map(({ path: routePath, file }) => {
    const source = readFileSync(path.join(APP, file), "utf8");
    return {
      path: routePath,
      file,
      hasLoader: /export (async )?function loader\b|export const loader\b/.test(source),
      hasAction: /export (async )?function action\b|export const action\b/.test(source),
    };
  });
}

/** A link on `from` (opened as the same account) whose path matches the route: for ids only the sandbox knows. */
export type LinkSample = { from: string };

/** A form posted first (as the same account) whose redirect leads to the URL: for something the seed does not hold. */
export type CreatedSample = { path: string; form: Record<string, string> };

/**
 * A catalogue file uploaded first (as the same account, once per route) on `path`: for a file open to changes, which
 * the seed does not hold. The URL is `url` with `{fileId}` the new file's id.
 */
export type UploadedSample = { path: string; url: string };

/** The file an uploaded sample sends: a header row and two products. */
export const SAMPLE_UPLOAD = {
  fileName: "matrix-products.csv",
  content: "EAN;Kategorie;Artikelname;Preis\n4006381333931;Küche;Brett;12,50\n4006381333948;Küche;Messer;8,90\n",
};

export type RouteSample = {
  /** A demo account, or null for a visitor who is not signed in. */
  account: string | null;
  /** The URL to open; a route's own path when absent. */
  url?: string;
  link?: LinkSample;
  created?: CreatedSample;
  uploaded?: UploadedSample;
};

const ACTIVE = "seller.active@example.com";
/** Shop setup done, catalogue not handed over: every onboarding and upload page is open to this seller. */
const ONBOARDING = "seller.catalogue@example.com";
/** A catalogue handed over: its file can be read again. */
const SUBMITTED = "seller.submitted@example.com";
/** Whose uploads the samples of files open to changes make: the onboarding seller (the upload pages list the file too), and a small live shop (no other sample). */
const SETUP_UPLOADS = ONBOARDING;
const HOME_UPLOADS = "seller.small@example.com";
const ADMIN = "admin@example.com";
const BD = "bd@example.com";
const OPERATOR = "operator@example.com";
const TOM = "tom@example.com";

/** Which account opens each route, and where. */
export const ROUTE_SAMPLES: Record<string, RouteSample> = {
  "/": { account: null },
  "/login": { account: null },
  "/register": { account: null },
  "/default-redirect": { account: ACTIVE },
  "/dev/empty": { account: OPERATOR },
  "/landing-page": { account: OPERATOR },
  "/dev/translations": { account: OPERATOR },
  "/dev/catalog": { account: OPERATOR },
  "/dev/state-guard": { account: ACTIVE },
  "/*": { account: OPERATOR, url: "/no-such-page" },
  "/overview": { account: ONBOARDING },
  "/overview/review": { account: ONBOARDING },
  "/overview/complete": { account: ONBOARDING },
  "/shop-setup": { account: ONBOARDING },
  "/shop-setup/contract": { account: ONBOARDING },
  "/shop-setup/account-information": { account: ONBOARDING },
  "/shop-setup/company-information": { account: ONBOARDING },
  "/shop-setup/company-type-representatives": { account: ONBOARDING },
  "/shop-setup/bank-account": { account: ONBOARDING },
  "/shop-setup/identification": { account: ONBOARDING },
  "/shop-setup/warehouse": { account: ONBOARDING },
  "/shop-setup/documents": { account: ONBOARDING },
  "/shop-setup/documents/:documentId": { account: ONBOARDING, link: { from: "/shop-setup/documents" } },
  "/shop-setup/contract/pdf": { account: ONBOARDING },
  "/bank-account/bank": { account: ONBOARDING, url: "/bank-account/bank?iban=DE89370400440532013000" },
  "/catalogue/categories/search": { account: ONBOARDING, url: "/catalogue/categories/search?q=Kochtopf" },
  "/shop-setup/address/towns": { account: ONBOARDING, url: "/shop-setup/address/towns?country=DE&postcode=20095" },
  "/upload/settings": { account: ONBOARDING },
  "/upload/catalog": { account: ONBOARDING },
  "/product-catalogue-integration": { account: TOM },
  "/upload": { account: ONBOARDING },
  "/upload/catalog/file": { account: SUBMITTED, url: "/upload/catalog/file?fileId=file-seller-submitted-sonnenhof-artikel-csv" },
  "/upload/catalog/problems": { account: SUBMITTED, url: "/upload/catalog/problems?fileId=file-seller-submitted-sonnenhof-artikel-csv" },
  "/upload/catalog/corrected": { account: SUBMITTED, url: "/upload/catalog/corrected?fileId=file-seller-submitted-sonnenhof-artikel-csv" },
  "/upload/catalog/products": { account: SUBMITTED, url: "/upload/catalog/products?fileId=file-seller-submitted-sonnenhof-artikel-csv" },
  // A file handed over is read-only (its product page has no form): these open a file uploaded for them.
  "/upload/catalog/products/product": {
    account: SETUP_UPLOADS,
    uploaded: { path: "/upload/catalog", url: "/upload/catalog/products/product?fileId={fileId}&row=2" },
  },
  "/upload/catalog/products/fix": {
    account: SETUP_UPLOADS,
    uploaded: { path: "/upload/catalog", url: "/upload/catalog/products/fix?fileId={fileId}&kind=PRICE_FORMAT&rule=PRICE_CURRENCY_SIGN&field=price" },
  },
  "/upload/catalog/products/carry-over": {
    account: SETUP_UPLOADS,
    uploaded: { path: "/upload/catalog", url: "/upload/catalog/products/carry-over?fileId={fileId}" },
  },
  "/upload/catalog/categories": {
    account: SETUP_UPLOADS,
    uploaded: { path: "/upload/catalog", url: "/upload/catalog/categories?fileId={fileId}" },
  },
  "/product-catalogue-integration/download": { account: TOM, url: "/product-catalogue-integration/download?sellerId=seller-submitted" },
  "/product-catalogue-integration/products": {
    account: TOM,
    url: "/product-catalogue-integration/products?sellerId=seller-submitted&fileId=file-seller-submitted-sonnenhof-artikel-csv",
  },
  "/home": { account: ACTIVE },
  "/home/overview": { account: ACTIVE },
  "/home/analytics": { account: ACTIVE },
  "/home/analytics/oci": { account: ACTIVE },
  "/home/analytics/legal": { account: ACTIVE },
  "/home/analytics/sales": { account: ACTIVE },
  "/home/analytics/service": { account: ACTIVE },
  "/home/analytics/products": { account: ACTIVE },
  "/home/analytics/performance": { account: ACTIVE },
  "/home/recommendations": { account: ACTIVE },
  "/home/recommendations/gmv-explanation": { account: ACTIVE },
  "/home/recommendations/product-not-online/:id": { account: ACTIVE, link: { from: "/home/recommendations" } },
  "/home/recommendations/products-not-found/:id": { account: ACTIVE, link: { from: "/home/recommendations" } },
  "/home/recommendations/product-import-errors/:id": { account: ACTIVE, link: { from: "/home/recommendations" } },
  "/home/recommendations/offers-may-be-offline-soon/:id": { account: ACTIVE, link: { from: "/home/recommendations" } },
  "/home/catalogue": { account: ACTIVE },
  "/home/my-company": { account: ACTIVE },
  "/home/my-company/logistics": { account: ACTIVE },
  "/home/my-company/bank-account": { account: ACTIVE },
  "/home/my-company/company-info": { account: ACTIVE },
  "/home/my-company/legal-documents": { account: ACTIVE },
  "/home/my-company/bank-account/change": { account: ACTIVE },
  "/home/my-company/company-info/change": { account: ACTIVE },
  "/home/my-company/company-info/registrations/change": { account: ACTIVE },
  "/home/my-company/logistics/:warehouseId/change": { account: ACTIVE, link: { from: "/home/my-company/logistics" } },
  "/home/my-company/legal-documents/new": { account: ACTIVE },
  "/home/my-company/changes/:changeId": {
    account: ACTIVE,
    created: {
      path: "/home/my-company/bank-account/change",
      form: { accountHolder: "Nordlicht Living GmbH", iban: "DE02 1203 0000 0000 2020 51", bic: "BYLADEM1001" },
    },
  },
  "/team": { account: ACTIVE },
  "/team/:userId/remove": { account: ACTIVE, link: { from: "/team" } },
  "/notifications": { account: ACTIVE },
  "/team/activity": { account: ACTIVE },
  "/team/activity/csv": { account: ACTIVE },
  "/home/analytics/:tab/csv": { account: ACTIVE, link: { from: "/home/analytics/sales" } },
  "/home/catalogue/file": { account: ACTIVE, url: "/home/catalogue/file?fileId=file-seller-active-nordlicht-katalog-2026-csv" },
  "/home/catalogue/problems": { account: ACTIVE, url: "/home/catalogue/problems?fileId=file-seller-active-nordlicht-katalog-2026-csv" },
  "/home/catalogue/corrected": { account: ACTIVE, url: "/home/catalogue/corrected?fileId=file-seller-active-nordlicht-katalog-2026-csv" },
  "/home/catalogue/products": { account: ACTIVE, url: "/home/catalogue/products?fileId=file-seller-active-nordlicht-katalog-2026-csv" },
  "/home/catalogue/categories": { account: ACTIVE, url: "/home/catalogue/categories?fileId=file-seller-active-nordlicht-katalog-2026-csv" },
  // A file taken in is read-only: these open an update's file uploaded for them.
  "/home/catalogue/products/product": {
    account: HOME_UPLOADS,
    uploaded: { path: "/home/catalogue", url: "/home/catalogue/products/product?fileId={fileId}&row=2" },
  },
  "/home/catalogue/products/fix": {
    account: HOME_UPLOADS,
    uploaded: { path: "/home/catalogue", url: "/home/catalogue/products/fix?fileId={fileId}&kind=EAN_FORMAT&rule=GTIN_LEADING_ZERO&field=ean" },
  },
  "/home/catalogue/products/carry-over": {
    account: HOME_UPLOADS,
    uploaded: { path: "/home/catalogue", url: "/home/catalogue/products/carry-over?fileId={fileId}" },
  },
  "/home/my-company/legal-documents/:documentId/download": { account: ACTIVE, link: { from: "/home/my-company/legal-documents" } },
  "/ui/home-menu": { account: ACTIVE },
  "/seller-list": { account: OPERATOR },
  "/invite-seller": { account: BD },
  "/seller-administration": { account: ADMIN },
  "/mark-as-active": { account: ADMIN, url: "/mark-as-active?sellerId=seller-mapped" },
  "/sellers/:sellerId": { account: ADMIN, url: "/sellers/seller-mapped" },
  "/sellers/:sellerId/activity": { account: ADMIN, url: "/sellers/seller-mapped/activity" },
  "/sellers/:sellerId/activity/csv": { account: ADMIN, url: "/sellers/seller-mapped/activity/csv" },
  "/sellers/:sellerId/users": { account: ADMIN, url: "/sellers/seller-mapped/users" },
  // The review of one account's reset: an account no test signs in as (the hostile-input matrix does reset it).
  "/second-factor-reset": { account: ADMIN, url: "/second-factor-reset?email=owner@hafenkontor-wohnideen.example.com" },
  "/invitations": { account: BD },
  "/invitations/:sellerId": { account: BD, link: { from: "/invitations" } },
  "/delete-seller": { account: ADMIN, url: "/delete-seller?sellerId=seller-registered-2" },
  "/invite-seller/check": { account: BD, url: "/invite-seller/check?crmId=CRM-100005" },
  "/substitution": { account: OPERATOR },
  "/security/second-factor": { account: OPERATOR },
  "/security/second-factor/enrol": { account: OPERATOR },
  "/logout": { account: OPERATOR },
  "/language": { account: OPERATOR },
  "/substitution/start": { account: OPERATOR },
  "/substitution/end": { account: OPERATOR },
  "/locales/:lng": { account: null, url: "/locales/en" },
  "/version": { account: null },
};

/**
 * Where each action's form is found (a page the same account opens); the
 * action's own page when absent. `before` names a form posted first (e.g.
 * acting as a seller, before the way back is offered); `values` fill in
 * what a person would type.
 */
export type ActionForm = {
  from?: string;
  before?: { from: string; route: string };
  /** Another account than the page's sample (a seller whose forms are open to change). */
  account?: string;
  /** What a person types into the empty fields of the form as it is rendered. */
  values?: Readonly<Record<string, string>>;
};

export const ACTION_FORMS: Record<string, ActionForm> = {
  ...Object.fromEntries(Object.entries(validSteps).map(([step, values]) => [`/shop-setup/${step}`, { account: "seller.new@example.com", values }])),
  "/ui/home-menu": { from: "/home/overview" },
  "/product-catalogue-integration": { from: "/product-catalogue-integration?sellerId=seller-submitted&confirm=finish" },
  "/home/my-company/bank-account/change": {
    values: { accountHolder: "Nordlicht Living GmbH", iban: "DE02 1203 0000 0000 2020 51", bic: "BYLADEM1001" },
  },
  "/home/my-company/legal-documents/new": { values: { documentKind: "TERMS" } },
  "/home/my-company/company-info/registrations/change": { values: { sellsElectrical: "no", sellsBatteries: "no", packagingRegistration: "DE2468013579246" } },
  "/team": { values: { email: "matrix.colleague@example.com" } },
  // The product's own form posts its values as they stand (nothing to save); leaving it out is a write.
  "/upload/catalog/products/product": { values: { reason: "Nicht mehr lieferbar" } },
  "/home/catalogue/products/product": { values: { reason: "Nicht mehr lieferbar" } },
  // A category chosen for the first value (every value starts at "decide later", which saves nothing).
  "/upload/catalog/categories": { values: { "category.0": "2251" } },
  "/home/catalogue/categories": { values: { "category.0": "2251" } },
  "/seller-administration": { from: "/seller-administration?edit=seller-onboarding-feed" },
  "/invite-seller": {
    values: {
      name: "Ostsee Strandkörbe GmbH",
      crmId: "CRM-777001",
      channel: "DIRECT",
      languageCode: "de",
      contactName: "Ole Hansen",
      contactEmail: "ole@ostsee-strand.example.com",
      contactPhone: "+49 431 123456",
    },
  },
  "/delete-seller": { values: { confirmName: "Alpenglück Deko e.K." } },
  "/logout": { from: "/landing-page" },
  "/language": { from: "/landing-page" },
  "/substitution/start": { from: "/seller-list" },
  "/substitution/end": { account: "success@example.com", from: "/landing-page", before: { from: "/seller-list", route: "/substitution/start" } },
};

/** A route path as a pattern for concrete paths: `:param` stands for one segment. */
export function pathPattern(routePath: string): RegExp {
  const source = routePath
    .split("/")
    .map((segment) => (segment.startsWith(":") ? "[^/?#]+" : segment.replace(/[.+?^${}()|[\]\\*]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${source}$`);
}

/** The first link on a page's HTML whose path is an instance of the route (entities as React writes them). */
export function linkTo(html: string, routePath: string): string | undefined {
  const pattern = pathPattern(routePath);
  for (const [, href] of html.matchAll(/(?:href|action)="([^"]+)"/g)) {
    const url = href!.replaceAll("&amp;", "&");
    if (url.startsWith("/") && pattern.test(url.split(/[?#]/)[0]!)) return url;
  }
  return undefined;
}
