/**
 * The onboarding contract: the eight shop-setup steps as the onboarding
 * service reads, saves and completes them, and the seller's documents. One
 * zod schema per step validates the form in the browser (conform), the
 * portal's action, and the sandbox's save, so the three agree on every rule.
 *
 * The step names are in onboarding-step-names.ts, how the steps are read in
 * onboarding-progress.ts, the step schemas in steps/<step>.ts (gathered in
 * onboarding-steps.ts), their fields and validation messages in
 * onboarding-fields.ts, the documents in onboarding-documents.ts: each module
 * loads in the browser only where a page uses it. This one exports all of it.
 */
export { today, validationMessages, type ValidationCode } from "./onboarding-fields.ts";
export {
  AccountInformationStep,
  BankAccountStep,
  CompanyInformationStep,
  ContractStep,
  IdentificationStep,
  identityDocumentTypes,
  Representative,
  RepresentativesStep,
  stepSchemas,
  WarehouseStep,
} from "./onboarding-steps.ts";
export {
  companyDocumentKinds,
  DocumentFile,
  DocumentKind,
  documentKinds,
  DocumentList,
  DocumentsStep,
  DocumentUpload,
  OnboardingDocument,
} from "./onboarding-documents.ts";
export {
  ContractAcceptance,
  ContractTerms,
  FormStepName,
  OnboardingProgress,
  stepNames,
  StepName,
  stepsRefusedInSubstitution,
  StepStatus,
  StepView,
} from "./onboarding-progress.ts";
