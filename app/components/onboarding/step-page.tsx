import type { StepName } from "#contract/onboarding.ts";
import { useEffect, useRef, type ComponentType } from "react";
import type { StepActionData } from "#app/services/onboarding/save-step.server.ts";
import type { StepPageData } from "#app/services/onboarding/step-definitions.server.ts";
import { LockedStep } from "./locked-step.tsx";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { isUnsavedOutage, type UnsavedOutage } from "#app/lib/unsaved-form.ts";
import { UpstreamFacts } from "#app/components/shell/errors/upstream-facts.tsx";
import { errorExplanationKey } from "#app/lib/shell/error-explanation.ts";
import type { StepFormProps } from "./steps/step-form-props.ts";
import { useShopSetup } from "./use-shop-setup.ts";

/**
 * The page of a shop-setup step, which each step's route module renders with
 * its own data and its own form (so that a step's page loads its form's schema
 * only): the form, or, for a step the user may not change, its answers
 * (disabled fields read as editable ones).
 */
export function StepPage<S extends StepName>({
  data,
  actionData,
  fields: StepFields,
}: {
  data: StepPageData<S>;
  actionData: Partial<StepActionData> | UnsavedOutage | undefined;
  fields: ComponentType<StepFormProps<S>>;
}) {
  const { readOnly } = useShopSetup();
  if (readOnly[data.step]) return <LockedStep data={data} />;
  const outage = isUnsavedOutage(actionData) ? actionData.unsaved : null;
  // One tree either way: the form is the same element with or without the notice, so it keeps what was typed.
  return (
    <>
      {outage ? <UnsavedNotice outage={outage} /> : null}
      <StepFields data={data} result={isUnsavedOutage(actionData) ? undefined : actionData?.result} />
    </>
  );
}

/** A save the services could not take: nothing saved, everything typed still in the form below, the same button tries again. */
function UnsavedNotice({ outage }: { outage: UnsavedOutage["unsaved"] }) {
  const { t } = useTranslation();
  const notice = useRef<HTMLDivElement>(null);
  // Focused for each save that did not go, so a screen reader starts there; never while the person types.
  useEffect(() => notice.current?.focus(), [outage]);
  return (
    <div className="error-summary step-unsaved" role="alert" tabIndex={-1} ref={notice}>
      <h3 className="error-summary__title">{t("onboarding.unsaved.title")}</h3>
      <p>{t(errorExplanationKey(outage.status, false))}</p>
      <p>{t("onboarding.unsaved.kept")}</p>
      <UpstreamFacts facts={outage} withMessage={false} />
    </div>
  );
}
