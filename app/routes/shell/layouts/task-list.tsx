import { HeaderLayout } from "#app/components/shell/header-layout.tsx";

/** The seller's task list: a wide band above the steps. */
export default function OverviewLayout() {
  return <HeaderLayout className="layout-overview" />;
}
