import { HeaderLayout } from "./header-layout";

/** Onboarding: a reading-width column whose sections expand one at a time. */
export default function AccordionLayout() {
  return <HeaderLayout className="layout-accordion" />;
}
