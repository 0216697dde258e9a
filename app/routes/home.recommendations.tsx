import { Outlet } from "react-router";
import type { BreadcrumbHandle } from "~/components/breadcrumbs";
import homeStylesHref from "~/styles/home.css?url";
import type { Route } from "./+types/home.recommendations";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: homeStylesHref }];

export const handle: BreadcrumbHandle = { breadcrumb: { labelKey: "recommendations.title" } };

/** The recommendation pages: breadcrumbs start here. Guarded by the home layout and each page's own rule. */
export default function RecommendationsLayout() {
  return <Outlet />;
}
