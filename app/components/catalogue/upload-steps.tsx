import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { NavLink } from "react-router";
import type { UploadStep } from "#app/lib/catalogue/catalogue-steps.ts";

/** The catalogue's two steps, each with its status; the current one marked for assistive technology. */
export function UploadSteps({ current, complete }: { current: UploadStep; complete: Record<UploadStep, boolean> }) {
  const { t } = useTranslation();
  const steps: UploadStep[] = ["settings", "catalog"];
  return (
    <nav aria-label={t("catalogue.steps.label")} className="upload-steps">
      <ol>
        {steps.map((step, index) => (
          <li key={step} className={`upload-steps__step${complete[step] ? " upload-steps__step--complete" : ""}`}>
            <NavLink to={`/upload/${step}`} aria-current={step === current ? "step" : undefined}>
              <span className="upload-steps__number" aria-hidden="true">
                {complete[step] ? "✓" : index + 1}
              </span>
              <span>{t(`catalogue.steps.${step}`)}</span>
              <span className="visually-hidden">{` (${t(complete[step] ? "catalogue.steps.complete" : "catalogue.steps.incomplete")})`}</span>
            </NavLink>
          </li>
        ))}
      </ol>
    </nav>
  );
}
