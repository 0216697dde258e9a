import type { StepStatus } from "@contract/onboarding";
import { useTranslation } from "react-i18next";

export function StatusTag({ status }: { status: StepStatus }) {
  const { t } = useTranslation();
  return <span className={`status-tag status-tag--${status.toLowerCase().replace("_", "-")}`}>{t(`onboarding.status.${status}`)}</span>;
}
