import { HeaderLayout } from "#app/components/shell/header-layout.tsx";

/** Onboarding: a reading-width column whose sections expand one at a time. */
export default function AccordionLayout() {
  return <HeaderLayout className="layout-accordion" />;
}
