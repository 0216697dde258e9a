import { HeaderLayout } from "#app/components/shell/header-layout.tsx";
import { routeComponent } from "#app/lib/route-component.ts";

/** Staff screens: one centred column. */
function CenterLayout() {
  return <HeaderLayout className="layout-center" />;
}

export default routeComponent(CenterLayout);
