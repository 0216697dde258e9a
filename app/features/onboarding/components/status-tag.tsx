import type { StepStatus } from "@contract/onboarding";
import { useTranslation } from "~/shared/i18n/use-translation";

export function StatusTag({ status }: { status: StepStatus }) {
  const { t } = useTranslation();
  return <span className={`status-tag status-tag--${status.toLowerCase().replace("_", "-")}`}>{t(`onboarding.status.${status}`)}</span>;
}
