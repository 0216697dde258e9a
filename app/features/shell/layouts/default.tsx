import { HeaderLayout } from "./header-layout";

/** Errors and confirmations: the page at its natural width. */
export default function DefaultLayout() {
  return <HeaderLayout className="layout-default" />;
}
