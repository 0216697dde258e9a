import { useMatches } from "react-router";
import { HeaderLayout } from "#app/components/shell/header-layout.tsx";
import type { PageWidthHandle } from "#app/lib/shell/page-width.ts";
import { routeComponent } from "#app/lib/route-component.ts";

/**
 * Onboarding: a reading-width column whose sections expand one at a time. A page whose task needs the room (a grid
 * of a file's columns) asks for the wide column (`handle.pageWidth`).
 */
function AccordionLayout() {
  const wide = useMatches().some((match) => (match.handle as PageWidthHandle | undefined)?.pageWidth === "wide");
  return <HeaderLayout className={wide ? "layout-accordion layout-accordion--wide" : "layout-accordion"} />;
}

export default routeComponent(AccordionLayout);
