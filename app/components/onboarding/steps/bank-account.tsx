import { BankAccountStep } from "#contract/onboarding.ts";
import { ibanIssue, normalizeIban } from "#contract/rules/iban.ts";
import { useEffect, useRef, type FormEvent } from "react";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { useFetcher } from "react-router";
import { TextField } from "#app/components/ui/fields.tsx";
import { StepForm } from "#app/components/onboarding/step-form.tsx";
import { useStepForm } from "#app/components/onboarding/use-step-form.ts";
import type { loader as bankLookup } from "#app/routes/onboarding/bank-lookup.ts";
import type { StepFormProps } from "./step-form-props.ts";

export const BANK_LOOKUP_PATH = "/shop-setup/bank-account/bank";

/**
 * Where payouts go: holder, IBAN (mod-97) and BIC; once saved, the IBAN is
 * only shown masked. With JavaScript a valid German IBAN fills in the BIC and
 * names the bank as it is typed; without, the server fills an empty BIC.
 */
export function BankAccountFields({ data, result }: StepFormProps<"bank-account">) {
  const { t } = useTranslation();
  const { view } = data;
  const [form, fields] = useStepForm("bank-account", BankAccountStep, view.values, result);
  const lookup = useFetcher<typeof bankLookup>();
  // The BIC this page filled in: replaced by the next IBAN's, never one the seller typed.
  const filledBic = useRef<string | null>(null);
  const found = lookup.data?.bank ?? null;

  useEffect(() => {
    if (!found) return;
    const current = String(fields.bic.value ?? "");
    if (current !== found.bic && (current === "" || current === filledBic.current)) {
      filledBic.current = found.bic;
      form.update({ name: fields.bic.name, value: found.bic });
    }
    // Only a new answer fills the BIC: the seller's own typing afterwards is theirs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [found]);

  const onIbanInput = (event: FormEvent<HTMLInputElement>) => {
    const iban = normalizeIban(event.currentTarget.value);
    if (iban.startsWith("DE") && ibanIssue(iban) === null) lookup.load(`${BANK_LOOKUP_PATH}?iban=${encodeURIComponent(iban)}`);
  };
  const typedGerman = lookup.state === "idle" && lookup.data !== undefined;
  return (
    <>
      {view.ibanMasked ? (
        <p className="saved-summary">
          {t("onboarding.bank.saved")} <span className="saved-summary__value">{view.ibanMasked}</span>
          {view.bankName ? ` · ${view.bankName}` : null}
        </p>
      ) : null}
      <StepForm form={form}>
        <TextField field={fields.accountHolder} autoComplete="cc-name" />
        <TextField
          field={fields.iban}
          hint={view.ibanMasked ? t("onboarding.bank.ibanAgain") : t("onboarding.bank.ibanHint")}
          autoComplete="off"
          onInput={onIbanInput}
          describedById="bank-found"
          after={
            <p id="bank-found" className="field__hint" aria-live="polite">
              {typedGerman ? (found ? t("onboarding.bank.bankFound", { bank: found.bankName }) : t("onboarding.bank.bankUnknown")) : null}
            </p>
          }
        />
        <TextField field={fields.bic} hint={t("onboarding.bank.bicHint")} autoComplete="off" />
      </StepForm>
    </>
  );
}
