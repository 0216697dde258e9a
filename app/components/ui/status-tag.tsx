import type { StepStatus } from "#contract/onboarding.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";

export function StatusTag({ status }: { status: StepStatus }) {
  const { t } = useTranslation();
  return <span className={`status-tag status-tag--${status.toLowerCase().replace("_", "-")}`}>{t(`onboarding.status.${status}`)}</span>;
}
