import { HeaderLayout } from "#app/components/shell/header-layout.tsx";

/** The seller's task list: a wide band above the steps. */
export default function TaskListLayout() {
  return <HeaderLayout className="layout-task-list" />;
}
