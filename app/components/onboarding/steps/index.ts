import type { StepName } from "#contract/onboarding.ts";
import type { ComponentType } from "react";
import { AccountInformationFields } from "./account-information.tsx";
import { BankAccountFields } from "./bank-account.tsx";
import { CompanyInformationFields } from "./company-information.tsx";
import { RepresentativesFields } from "./company-type-representatives.tsx";
import { ContractFields } from "./contract.tsx";
import { DocumentsFields } from "./documents.tsx";
import { IdentificationFields } from "./identification.tsx";
import type { StepFormProps } from "./step-form-props.ts";
import { WarehouseFields } from "./warehouse.tsx";

/** Each step's form, by step name. */
export const stepForms: { [S in StepName]: ComponentType<StepFormProps<S>> } = {
  contract: ContractFields,
  "account-information": AccountInformationFields,
  "company-information": CompanyInformationFields,
  "company-type-representatives": RepresentativesFields,
  "bank-account": BankAccountFields,
  identification: IdentificationFields,
  warehouse: WarehouseFields,
  documents: DocumentsFields,
};
