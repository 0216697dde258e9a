import { HeaderLayout } from "#app/components/shell/header-layout.tsx";
import { routeComponent } from "#app/lib/route-component.ts";

/** Errors and confirmations: the page at its natural width. */
function DefaultLayout() {
  return <HeaderLayout className="layout-default" />;
}

export default routeComponent(DefaultLayout);
