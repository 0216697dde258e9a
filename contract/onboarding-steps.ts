/**
 * The seven shop-setup steps that are one form of values, each as one zod
 * schema in a module of its own (steps/<step>.ts): it validates the form in
 * the browser (conform), the portal's action and the sandbox's save, so the
 * three agree on every rule, and a step's page loads its own schema only. The
 * documents step is in onboarding-documents.ts.
 */
import { ContractStep } from "./steps/contract.ts";
import { AccountInformationStep } from "./steps/account-information.ts";
import { CompanyInformationStep } from "./steps/company-information.ts";
import { RepresentativesStep } from "./steps/company-type-representatives.ts";
import { BankAccountStep } from "./steps/bank-account.ts";
import { IdentificationStep } from "./steps/identification.ts";
import { WarehouseStep } from "./steps/warehouse.ts";

export { ContractStep } from "./steps/contract.ts";
export { AccountInformationStep } from "./steps/account-information.ts";
export { CompanyFacts, CompanyInformationStep, CompanyRegistrations } from "./steps/company-information.ts";
export { Representative, RepresentativesStep } from "./steps/company-type-representatives.ts";
export { BankAccountStep } from "./steps/bank-account.ts";
export { IdentificationStep, identityDocumentTypes } from "./steps/identification.ts";
export { WarehouseStep } from "./steps/warehouse.ts";

export const stepSchemas = {
  contract: ContractStep,
  "account-information": AccountInformationStep,
  "company-information": CompanyInformationStep,
  "company-type-representatives": RepresentativesStep,
  "bank-account": BankAccountStep,
  identification: IdentificationStep,
  warehouse: WarehouseStep,
} as const;
