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
  layout("components/layouts/library.tsx", [
    route("dev/translations", "routes/dev.translations.tsx"),
    route("dev/catalog", "routes/dev.catalog.tsx"),
    route("dev/state-guard", "routes/dev.state-guard.tsx"),
  ]),
  layout("components/layouts/default.tsx", [route("*", "routes/not-found.tsx")]),

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
] satisfies RouteConfig;
