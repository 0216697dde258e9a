import type { ContractTerms, DocumentKind, OnboardingDocument, StepName, StepView } from "#contract/onboarding.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { ContractTermsView } from "./contract-terms.tsx";
import { StepAnswers } from "./step-answers.tsx";

/** Whatever a step's page loaded: each step has its own parts of it. */
export type LockedStepData = {
  step: StepName;
  view?: StepView;
  terms?: ContractTerms;
  scan?: OnboardingDocument | null;
  documents?: OnboardingDocument[];
  requiredKinds?: DocumentKind[];
};

/**
 * A step the user may not change now (after the hand-over, or the contract
 * and bank account while staff act as the seller): the answers read back as
 * a summary list, nothing that looks like a field. The reason and the way to
 * support are in the setup's notice above (routes/shop-setup.tsx).
 */
export function LockedStep({ data }: { data: LockedStepData }) {
  const { t } = useTranslation();
  return (
    <div className="locked-step">
      {/* The acceptance is read back in the answers below. */}
      {data.step === "contract" && data.terms ? <ContractTermsView terms={data.terms} acceptance={null} /> : null}
      <h3 className="locked-step__title">{t("onboarding.readOnly.answers")}</h3>
      <StepAnswers step={data.step} view={data.view} terms={data.terms} scan={data.scan} documents={data.documents} requiredKinds={data.requiredKinds} />
    </div>
  );
}
