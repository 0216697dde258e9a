/**
 * The whole route tree: every layout and every access boundary in one file.
 * Each route module lives in its product area's folder (app/routes/<area>/) and
 * declares its own access rule (`authorize(...)`).
 */
import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";
import { analyticsTabs } from "#contract/home.ts";
import { stepNames } from "#contract/onboarding-step-names.ts";
import { myCompanyPages } from "./lib/home/my-company-pages.ts";
import { recommendationPaths } from "./lib/home/recommendations.ts";

const shell = (file: string) => `routes/shell/${file}`;
const onboarding = (file: string) => `routes/onboarding/${file}`;
const catalogue = (file: string) => `routes/catalogue/${file}`;
const home = (file: string) => `routes/home/${file}`;
const staff = (file: string) => `routes/staff/${file}`;
const team = (file: string) => `routes/team/${file}`;
const notifications = (file: string) => `routes/notifications/${file}`;
const security = (file: string) => `routes/security/${file}`;

export default [
  // The shell: welcome, sign-in and sign-out, the start page of each role, errors.
  layout(shell("layouts/empty.tsx"), [
    index(shell("welcome.tsx")),
    route("login", shell("login.tsx")),
    route("register", shell("register.tsx")),
    route("dev/empty", shell("dev-empty.tsx")),
  ]),
  layout(shell("layouts/accordion.tsx"), [route("landing-page", shell("landing-page.tsx"))]),
  layout(shell("layouts/library.tsx"), [
    route("dev/translations", shell("dev-translations.tsx")),
    route("dev/catalog", shell("dev-library.tsx")),
    route("dev/state-guard", shell("dev-state-guard.tsx")),
  ]),
  layout(shell("layouts/default.tsx"), [route("*", shell("not-found.tsx"), { id: "not-found" })]),

  // Onboarding: the seller's task list and the eight shop-setup steps, each a module named for its step around one page
  // (components/onboarding/step-page.tsx).
  // Own layout ids: the same layout files wrap other areas' routes elsewhere in this file.
  layout(shell("layouts/task-list.tsx"), { id: "task-list-layout" }, [
    route("overview", onboarding("task-list.tsx")),
    route("overview/review", onboarding("task-list-review.tsx")),
    route("overview/complete", onboarding("task-list-complete.tsx")),
  ]),
  layout(shell("layouts/accordion.tsx"), { id: "onboarding-accordion-layout" }, [
    route("shop-setup", onboarding("shop-setup.tsx"), { id: "shop-setup" }, [
      index(onboarding("shop-setup-index.tsx")),
      ...stepNames.map((step) => route(step, onboarding(`shop-setup-${step}.tsx`), { id: `shop-setup/${step}` })),
    ]),
  ]),
  route("shop-setup/documents/:documentId", onboarding("document-download.ts")),
  route("shop-setup/contract/pdf", onboarding("contract-pdf.ts")),
  // The bank of an IBAN, for the shop setup's step and my company's change alike.
  route("bank-account/bank", onboarding("bank-lookup.ts")),
  route("shop-setup/address/towns", onboarding("address-towns.ts")),

  // Catalogue hand-over: the seller's upload steps and the catalogue team's screen.
  layout(shell("layouts/accordion.tsx"), { id: "catalogue-upload-layout" }, [
    route("upload/settings", catalogue("upload-settings.tsx")),
    route("upload/catalog", catalogue("upload-catalogue.tsx")),
    route("upload/catalog/products", catalogue("upload-catalogue-products.tsx")),
    route("upload/catalog/products/product", catalogue("upload-catalogue-product.tsx")),
    route("upload/catalog/products/fix", catalogue("upload-catalogue-kind-fix.tsx")),
    route("upload/catalog/products/carry-over", catalogue("upload-catalogue-carry-over.tsx")),
    route("upload/catalog/categories", catalogue("upload-catalogue-categories.tsx")),
  ]),
  layout(shell("layouts/center.tsx"), { id: "catalogue-integration-layout" }, [
    route("product-catalogue-integration", catalogue("integration.tsx")),
    route("product-catalogue-integration/products", catalogue("integration-products.tsx")),
  ]),
  route("upload", catalogue("upload.ts")),
  route("upload/catalog/file", catalogue("upload-catalogue-file.ts")),
  route("upload/catalog/problems", catalogue("upload-catalogue-problems.ts")),
  route("upload/catalog/corrected", catalogue("upload-catalogue-corrected.ts")),
  route("catalogue/categories/search", catalogue("category-search.ts")),
  route("product-catalogue-integration/download", catalogue("integration-download.ts")),

  // The seller home: overview, analytics (a module named for each tab), recommendations (one named for each kind), catalogue
  // updates, my company.
  layout(home("home-layout.tsx"), [
    route("home", home("home-index.tsx")),
    route("home/overview", home("overview.tsx")),
    route("home/analytics", home("analytics.tsx"), [
      index(home("analytics-index.tsx")),
      ...analyticsTabs.map((tab) => route(tab, home(`analytics-${tab}.tsx`), { id: `home/analytics/${tab}` })),
    ]),
    route("home/recommendations", home("recommendations.tsx"), [
      index(home("recommendations-index.tsx")),
      route("gmv-explanation", home("gmv-explanation.tsx")),
      ...Object.values(recommendationPaths).map((kind) => route(`${kind}/:id`, home(`recommendation-${kind}.tsx`), { id: `home/recommendations/${kind}` })),
    ]),
    route("home/catalogue", home("catalogue-updates.tsx")),
    route("home/catalogue/products", home("catalogue-products.tsx")),
    route("home/catalogue/products/product", home("catalogue-product.tsx")),
    route("home/catalogue/products/fix", home("catalogue-kind-fix.tsx")),
    route("home/catalogue/categories", home("catalogue-categories.tsx")),
    route("home/catalogue/products/carry-over", home("catalogue-carry-over.tsx")),
    route("home/my-company", home("my-company.tsx"), [
      index(home("my-company-index.tsx")),
      ...myCompanyPages.map((page) => route(page, home(`my-company-${page}.tsx`))),
      // Change requests: a form for each kind (one page for all, components/home/change-form-page.tsx) and one to review and confirm.
      route("bank-account/change", home("my-company-bank-account-change.tsx"), { id: "home/my-company/bank-account/change" }),
      route("company-info/change", home("my-company-company-info-change.tsx"), { id: "home/my-company/company-info/change" }),
      route("company-info/registrations/change", home("my-company-registrations-change.tsx"), {
        id: "home/my-company/company-info/registrations/change",
      }),
      route("logistics/:warehouseId/change", home("my-company-logistics-change.tsx"), { id: "home/my-company/logistics/:warehouseId/change" }),
      route("legal-documents/new", home("my-company-legal-documents-new.tsx"), { id: "home/my-company/legal-documents/new" }),
      route("changes/:changeId", home("my-company-change-review.tsx")),
    ]),
  ]),
  route("home/analytics/:tab/csv", home("analytics-csv.ts")),
  route("home/catalogue/file", home("catalogue-updates-file.ts")),
  route("home/catalogue/problems", home("catalogue-updates-problems.ts")),
  route("home/catalogue/corrected", home("catalogue-corrected.ts")),
  route("home/my-company/legal-documents/:documentId/download", home("legal-document-download.ts")),
  route("ui/home-menu", home("menu.ts")),

  // Staff screens. Own layout ids: the layout files are shared with other areas.
  layout(shell("layouts/center.tsx"), { id: "staff-center" }, [
    route("seller-list", staff("seller-list.tsx")),
    route("invite-seller", staff("invite-seller.tsx")),
    route("seller-administration", staff("seller-administration.tsx")),
    route("mark-as-active", staff("mark-as-active.tsx")),
    route("sellers/:sellerId", staff("seller-page.tsx")),
    route("sellers/:sellerId/activity", staff("seller-activity.tsx")),
    route("sellers/:sellerId/users", staff("seller-users.tsx")),
    route("second-factor-reset", staff("second-factor-reset.tsx")),
    route("invitations", staff("invitations.tsx")),
    route("invitations/:sellerId", staff("invitation.tsx")),
  ]),
  layout(shell("layouts/default.tsx"), { id: "staff-default" }, [route("delete-seller", staff("delete-seller.tsx"))]),

  // A seller's colleagues: reached from the task list while the shop is set up and from my company once live, so in
  // neither area's layout.
  layout(shell("layouts/default.tsx"), { id: "team-default" }, [
    route("team", team("colleagues.tsx")),
    route("team/:userId/remove", team("colleague-remove.tsx")),
    route("team/activity", team("activity.tsx")),
  ]),
  // Every signed-in user's own notifications and e-mail settings (the header shows the unread count on every page).
  layout(shell("layouts/default.tsx"), { id: "notifications-default" }, [route("notifications", notifications("notifications.tsx"))]),
  route("team/activity/csv", team("activity-csv.ts")),
  route("sellers/:sellerId/activity/csv", staff("seller-activity-csv.ts")),
  route("invite-seller/check", staff("invite-seller-check.ts")),

  // Two-factor sign-in: the page a session without its role's second factor reaches, and the way to the provider's enrolment.
  layout(shell("layouts/center.tsx"), { id: "security-center" }, [route("security/second-factor", security("second-factor.tsx"))]),
  route("security/second-factor/enrol", security("second-factor-enrol.ts")),

  // Acting as a seller: a staff page opened while still acting as one offers the way back here.
  layout(shell("layouts/center.tsx"), { id: "acting-as-seller-center" }, [route("substitution", shell("acting-as-seller-required.tsx"))]),

  // Where a browser is sent without a page of its own (after sign-in, a form's POST): no layout, no component, and the
  // error page when they fail.
  route("default-redirect", shell("default-redirect.tsx")),
  route("logout", shell("logout.ts")),
  route("language", shell("language.ts")),
  route("substitution/start", shell("acting-as-seller-start.ts")),
  route("substitution/end", shell("acting-as-seller-end.ts")),
  // Resource routes of the shell.
  route("locales/:lng", shell("locales.ts")),
  route("version", shell("version.ts")),
] satisfies RouteConfig;
