import type { StepName } from "#contract/onboarding.ts";
import type { ComponentType } from "react";
import type { StepActionData } from "#app/services/onboarding/save-step.server.ts";
import type { StepPageData } from "#app/services/onboarding/step-definitions.server.ts";
import { LockedStep } from "./locked-step.tsx";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { isUnsavedOutage, type UnsavedOutage } from "#app/lib/unsaved-form.ts";
import { UpstreamFacts } from "#app/components/shell/errors/upstream-facts.tsx";
import { stepForms } from "./steps/index.ts";
import type { StepFormProps } from "./steps/step-form-props.ts";
import { useShopSetup } from "./use-shop-setup.ts";

/**
 * The page of a shop-setup step, which each step's route module renders with
 * its own data: the step's form, or, for a step the user may not change, its
 * answers (disabled fields read as editable ones).
 */
export function StepPage<S extends StepName>({ data, actionData }: { data: StepPageData<S>; actionData: Partial<StepActionData> | UnsavedOutage | undefined }) {
  const { readOnly } = useShopSetup();
  if (readOnly[data.step]) return <LockedStep data={data} />;
  const StepFields: ComponentType<StepFormProps<S>> = stepForms[data.step];
  if (isUnsavedOutage(actionData)) {
    return (
      <>
        <UnsavedNotice outage={actionData.unsaved} />
        <StepFields data={data} result={undefined} />
      </>
    );
  }
  return <StepFields data={data} result={actionData?.result} />;
}

/** A save the services could not take: nothing saved, everything typed still in the form below, the same button tries again. */
function UnsavedNotice({ outage }: { outage: UnsavedOutage["unsaved"] }) {
  const { t } = useTranslation();
  return (
    <div className="error-summary step-unsaved" role="alert" tabIndex={-1} ref={(element) => element?.focus()}>
      <h3 className="error-summary__title">{t("onboarding.unsaved.title")}</h3>
      <p>{outage.status === 503 ? t("errors.upstreamDown") : t("errors.upstream")}</p>
      <p>{t("onboarding.unsaved.kept")}</p>
      <UpstreamFacts facts={outage} withMessage={false} />
    </div>
  );
}
