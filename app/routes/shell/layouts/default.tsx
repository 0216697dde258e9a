import { HeaderLayout } from "#app/components/shell/header-layout.tsx";

/** Errors and confirmations: the page at its natural width. */
export default function DefaultLayout() {
  return <HeaderLayout className="layout-default" />;
}
