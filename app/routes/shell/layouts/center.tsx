import { HeaderLayout } from "#app/components/shell/header-layout.tsx";

/** Staff screens: one centred column. */
export default function CenterLayout() {
  return <HeaderLayout className="layout-center" />;
}
