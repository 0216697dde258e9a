import type { StepStatus } from "#contract/onboarding.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { NavLink } from "react-router";
import type { UploadStep } from "#app/lib/catalogue/catalogue-steps.ts";
import { StatusTag } from "#app/components/ui/status-tag.tsx";

/**
 * The catalogue's two pages as steps, each with its status in words (as the task list and the hand-over panel say
 * it: `uploadStepStatuses`); the current one marked for assistive technology.
 */
export function UploadSteps({ current, statuses }: { current: UploadStep; statuses: Record<UploadStep, StepStatus> }) {
  const { t } = useTranslation();
  const steps: UploadStep[] = ["settings", "catalog"];
  return (
    <nav aria-label={t("catalogue.steps.label")} className="upload-steps">
      <ol>
        {steps.map((step, index) => {
          const complete = statuses[step] === "COMPLETE";
          return (
            <li key={step} className={`upload-steps__step${complete ? " upload-steps__step--complete" : ""}`}>
              <NavLink to={`/upload/${step}`} aria-current={step === current ? "step" : undefined}>
                <span className="upload-steps__number" aria-hidden="true">
                  {complete ? "✓" : index + 1}
                </span>
                <span className="upload-steps__label">{t(`catalogue.steps.${step}`)}</span> <StatusTag status={statuses[step]} />
              </NavLink>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
