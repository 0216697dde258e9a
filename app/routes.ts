/**
 * The whole route tree: every layout and every access boundary in one file.
 * Each route module declares its own access rule (`authorize(...)`).
 */
import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  layout("components/layouts/empty.tsx", [
    index("routes/welcome.tsx"),
    route("login", "routes/login.tsx"),
    route("register", "routes/register.tsx"),
    route("default-redirect", "routes/default-redirect.tsx"),
    route("dev/empty", "routes/dev.empty.tsx"),
  ]),
  layout("components/layouts/accordion.tsx", [route("landing-page", "routes/landing-page.tsx")]),

  // Onboarding (issue 6): the seller's task list and the eight shop-setup steps.
  // Own layout ids: the same layout files may wrap other areas' routes elsewhere in this file.
  layout("components/layouts/overview.tsx", { id: "onboarding-overview-layout" }, [
    route("overview", "routes/overview.tsx"),
    route("overview/complete", "routes/overview.complete.tsx"),
  ]),
  layout("components/layouts/accordion.tsx", { id: "onboarding-accordion-layout" }, [
    route("shop-setup", "routes/shop-setup.tsx", [
      index("routes/shop-setup._index.tsx"),
      route("contract", "routes/shop-setup.contract.tsx"),
      route("account-information", "routes/shop-setup.account-information.tsx"),
      route("company-information", "routes/shop-setup.company-information.tsx"),
      route("company-type-representatives", "routes/shop-setup.company-type-representatives.tsx"),
      route("bank-account", "routes/shop-setup.bank-account.tsx"),
      route("identification", "routes/shop-setup.identification.tsx"),
      route("warehouse", "routes/shop-setup.warehouse.tsx"),
      route("documents", "routes/shop-setup.documents.tsx"),
    ]),
  ]),
  route("shop-setup/documents/:documentId", "routes/shop-setup.documents.$documentId.ts"),
  layout("components/layouts/library.tsx", [
    route("dev/translations", "routes/dev.translations.tsx"),
    route("dev/catalog", "routes/dev.catalog.tsx"),
    route("dev/state-guard", "routes/dev.state-guard.tsx"),
  ]),
  // The seller home (issue 9): overview, analytics, recommendations, my company.
  layout("components/layouts/home.tsx", [
    route("home", "routes/home._index.tsx"),
    route("home/overview", "routes/home.overview.tsx"),
    route("home/analytics", "routes/home.analytics.tsx", [
      index("routes/home.analytics._index.tsx"),
      ...(["oci", "legal", "sales", "service", "products", "performance"] as const).map((tab) => route(tab, `routes/home.analytics.${tab}.tsx`)),
    ]),
    route("home/recommendations", "routes/home.recommendations.tsx", [
      index("routes/home.recommendations._index.tsx"),
      route("gmv-explanation", "routes/home.recommendations.gmv-explanation.tsx"),
      ...["product-not-online", "products-not-found", "product-import-errors", "offers-may-be-offline-soon"].map((kind) =>
        route(`${kind}/:id`, `routes/home.recommendations.${kind}.tsx`),
      ),
    ]),
    route("home/my-company", "routes/home.my-company.tsx", [
      index("routes/home.my-company._index.tsx"),
      ...["logistics", "bank-account", "company-info", "legal-documents"].map((page) => route(page, `routes/home.my-company.${page}.tsx`)),
    ]),
  ]),
  layout("components/layouts/default.tsx", [route("*", "routes/not-found.tsx")]),

  // Catalogue hand-over (issue 7): the seller's upload steps and the catalogue team's screen.
  // Own layout ids keep this block apart from other areas' use of the same layouts.
  layout("components/layouts/accordion.tsx", { id: "catalogue-upload-layout" }, [
    route("upload/settings", "routes/upload.settings.tsx"),
    route("upload/catalog", "routes/upload.catalog.tsx"),
  ]),
  layout("components/layouts/center.tsx", { id: "catalogue-integration-layout" }, [route("product-catalogue-integration", "routes/product-catalogue-integration.tsx")]),
  route("upload", "routes/upload.ts"),
  route("upload/catalog/file", "routes/upload.catalog.file.ts"),
  // Catalogue intelligence (issue 8): every problem of a file as CSV.
  route("upload/catalog/problems", "routes/upload.catalog.problems.ts"),
  route("product-catalogue-integration/download", "routes/product-catalogue-integration.download.ts"),
  // Staff screens (issue 10). Own layout ids: the layout files are shared with other areas.
  layout("components/layouts/center.tsx", { id: "staff-center" }, [
    route("seller-list", "routes/seller-list.tsx"),
    route("invite-seller", "routes/invite-seller.tsx"),
    route("seller-administration", "routes/seller-administration.tsx"),
    route("mark-as-active", "routes/mark-as-active.tsx"),
  ]),
  layout("components/layouts/default.tsx", { id: "staff-default" }, [route("delete-seller", "routes/delete-seller.tsx")]),
  route("invite-seller/check", "routes/invite-seller.check.ts"),
  route("substitution/start", "routes/substitution.start.ts"),

  // Resource routes: no layout, no component.
  route("logout", "routes/logout.ts"),
  route("language", "routes/language.ts"),
  route("substitution/end", "routes/substitution.end.ts"),
  route("ui/home-menu", "routes/ui.home-menu.ts"),
  route("locales/:lng", "routes/locales.ts"),
  route("version", "routes/version.ts"),
  route("home/analytics/:tab/csv", "routes/home.analytics.csv.ts"),
  route("home/my-company/legal-documents/:documentId/download", "routes/home.my-company.legal-documents.download.ts"),
] satisfies RouteConfig;
