import { HeaderLayout } from "#app/components/shell/header-layout.tsx";
import { routeComponent } from "#app/lib/route-component.ts";

/** The seller's task list: a wide band above the steps. */
function TaskListLayout() {
  return <HeaderLayout className="layout-task-list" />;
}

export default routeComponent(TaskListLayout);
