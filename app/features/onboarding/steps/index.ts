import type { StepName } from "@contract/onboarding";
import type { ComponentType } from "react";
import { AccountInformationFields } from "./account-information";
import { BankAccountFields } from "./bank-account";
import { CompanyInformationFields } from "./company-information";
import { RepresentativesFields } from "./company-type-representatives";
import { ContractFields } from "./contract";
import { DocumentsFields } from "./documents";
import { IdentificationFields } from "./identification";
import type { StepFormProps } from "./step-form-props";
import { WarehouseFields } from "./warehouse";

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
