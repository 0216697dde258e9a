import { HeaderLayout } from "./header-layout";

/** Staff screens: one centred column. */
export default function CenterLayout() {
  return <HeaderLayout className="layout-center" />;
}
