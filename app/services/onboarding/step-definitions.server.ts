/**
 * What each shop-setup step loads and how it is saved. Each step's route
 * module (routes/onboarding/shop-setup-<step>.tsx) names its step and takes
 * its loader and action from these definitions.
 */
import {
  AccountInformationStep,
  BankAccountStep,
  CompanyInformationStep,
  ContractStep,
  DocumentFile,
  IdentificationStep,
  RepresentativesStep,
  WarehouseStep,
  type FormStepName,
  type StepName,
} from "#contract/onboarding.ts";
import type { z } from "zod";
import { isCountryCode } from "#contract/rules/countries.ts";
import { addressSaveOptions } from "./addresses.server.ts";
import { confirmSavedVatId } from "./vat-confirmation.server.ts";
import { confirmSavedRegistrations, injectCategoryRegistrations, registrationsFromCategories } from "./registrations.server.ts";
import { getI18n } from "#app/services/i18n/i18n.server.ts";
import { fillBicFromIban, type Bank } from "./bank.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { readFormDataWithin } from "#app/services/http/multipart.server.ts";
import type { RequestArgs } from "#app/services/request/request-args.ts";
import { orRouteError } from "#app/services/upstream/upstream-error.server.ts";
import {
  documentTypeError,
  MAX_STEP_UPLOAD_BYTES,
  saveDocuments,
  saveFormStep,
  shopNameTakenErrors,
  stepTitle,
  uploadTooLarge,
  type SaveOptions,
} from "./save-step.server.ts";

/** A step that is one form of values, saved as they are (with the step's own checks, where it has some). */
function formStep(step: FormStepName, schema: z.ZodType, options?: (args: RequestArgs) => SaveOptions) {
  return {
    load: async (args: RequestArgs) => ({ view: await orRouteError(upstream(args).onboarding.step(step)) }),
    save: (args: RequestArgs) => saveFormStep(args, step, schema, options?.(args)),
  };
}

export const stepDefinitions = {
  contract: {
    load: async (args: RequestArgs) => {
      const client = upstream(args).onboarding;
      const [view, terms] = await Promise.all([orRouteError(client.step("contract")), orRouteError(client.contractTerms())]);
      return { view, terms };
    },
    save: (args: RequestArgs) => saveFormStep(args, "contract", ContractStep),
  },
  "account-information": {
    load: async (args: RequestArgs) => {
      const client = upstream(args).onboarding;
      const [view, company] = await Promise.all([orRouteError(client.step("account-information")), orRouteError(client.step("company-information"))]);
      // National phone numbers are read in the company's country (Germany until it is saved).
      const country = company.values?.country;
      return { view, phoneCountry: isCountryCode(country) ? country : "DE" };
    },
    save: (args: RequestArgs) =>
      saveFormStep(args, "account-information", AccountInformationStep, {
        check: async ({ shopName }) => (typeof shopName === "string" && shopName.trim() ? shopNameTakenErrors(args, shopName) : undefined),
      }),
  },
  "company-information": {
    load: async (args: RequestArgs) => {
      const [view, categoryRegistrations] = await Promise.all([
        orRouteError(upstream(args).onboarding.step("company-information")),
        registrationsFromCategories(args),
      ]);
      return { view, categoryRegistrations };
    },
    save: (args: RequestArgs) => {
      const address = addressSaveOptions(args, "company-information");
      return saveFormStep(args, "company-information", CompanyInformationStep, {
        ...address,
        inject: async (formData) => {
          const [errors] = await Promise.all([address.inject(formData), injectCategoryRegistrations(args, formData)]);
          return errors;
        },
        // The VAT id and the registrations are asked at their sources side by side; both notes in one toast.
        afterSave: async (saved) => {
          const [vat, registrations] = await Promise.all([confirmSavedVatId(args, saved), confirmSavedRegistrations(args, saved)]);
          const notes = [vat?.note, registrations?.note].filter((note) => note !== undefined);
          const note = notes.length
            ? {
                type: notes.some((entry) => entry.type === "warning") ? ("warning" as const) : ("success" as const),
                message: notes.map((entry) => entry.message).join(" "),
              }
            : undefined;
          return { stay: Boolean(vat?.stay || registrations?.stay), note };
        },
      });
    },
  },
  "company-type-representatives": formStep("company-type-representatives", RepresentativesStep, (args) => ({
    // The legal form comes from the saved company information, never from the form.
    inject: async (formData) => {
      const { legalForm } = await upstream(args).onboarding.step("company-type-representatives");
      formData.set("legalForm", legalForm ?? "");
    },
  })),
  "bank-account": {
    load: async (args: RequestArgs) => ({ view: await orRouteError(upstream(args).onboarding.step("bank-account")) }),
    save: (args: RequestArgs) => {
      let filled: Bank | null = null;
      return saveFormStep(args, "bank-account", BankAccountStep, {
        inject: async (formData) => {
          filled = fillBicFromIban(formData);
        },
        note: () => (filled ? { type: "success", message: getI18n(args.context).t("onboarding.bank.bicFilled", filled) } : undefined),
      });
    },
  },
  identification: {
    load: async (args: RequestArgs) => {
      const client = upstream(args).onboarding;
      const [view, { documents }] = await Promise.all([orRouteError(client.step("identification")), orRouteError(client.documents())]);
      return { view, scan: documents.find((document) => document.kind === "IDENTITY_DOCUMENT") ?? null };
    },
    /** The fields, and the scan when one is chosen (required while none is saved). */
    save: async (args: RequestArgs) => {
      const formData = await readFormDataWithin(args.request, MAX_STEP_UPLOAD_BYTES);
      if (!formData) return uploadTooLarge();
      const client = upstream(args).onboarding;
      const chosen = formData.get("file");
      const file = chosen instanceof File && chosen.size + chosen.name.length > 0 ? chosen : undefined;
      return saveFormStep(args, "identification", IdentificationStep, {
        formData,
        check: async () => {
          if (!file) {
            const { documents } = await client.documents();
            return documents.some((document) => document.kind === "IDENTITY_DOCUMENT") ? undefined : { file: ["documentMissing"] };
          }
          const checked = DocumentFile.safeParse(file);
          const problem = checked.success ? await documentTypeError(file) : checked.error.issues[0]?.message;
          return problem ? { file: [problem] } : undefined;
        },
        beforeSave: async () => {
          if (file) await client.uploadDocument("IDENTITY_DOCUMENT", file);
        },
      });
    },
  },
  warehouse: formStep("warehouse", WarehouseStep, (args) => addressSaveOptions(args, "warehouse")),
  documents: {
    load: async (args: RequestArgs) => {
      const list = await orRouteError(upstream(args).onboarding.documents());
      return { documents: list.documents.filter((document) => document.kind !== "IDENTITY_DOCUMENT"), requiredKinds: list.requiredKinds };
    },
    save: saveDocuments,
  },
} satisfies Record<StepName, { load: (args: RequestArgs) => Promise<object>; save: (args: RequestArgs) => Promise<unknown> }>;

/** What a step's page loads, besides its name and title. */
export type StepData<S extends StepName> = Awaited<ReturnType<(typeof stepDefinitions)[S]["load"]>>;

/** What a step's page gets: its name, its title and the step's own data. */
export type StepPageData<S extends StepName> = { step: S; title: string } & StepData<S>;

/** The definitions by step, typed so that a step chosen by a type parameter loads that step's data. */
const stepLoads: { [S in StepName]: { load: (args: RequestArgs) => Promise<StepData<S>> } } = stepDefinitions;

/** The loader of a step's page. */
export async function stepPage<S extends StepName>(args: RequestArgs, step: S): Promise<StepPageData<S>> {
  const loaded = await stepLoads[step].load(args);
  return { step, title: stepTitle(args, step), ...loaded };
}
