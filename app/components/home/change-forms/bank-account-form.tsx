import { TextField } from "#app/components/ui/fields.tsx";
import { IbanFields } from "#app/components/onboarding/iban-fields.tsx";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { pagePath } from "#app/lib/home/my-company-changes.ts";
import { ChangeForm } from "#app/components/home/change-form.tsx";
import { useChangeForm, type ChangeFormProps } from "./use-change-form.ts";

/** A new payout account: holder, IBAN and BIC, by the shop setup's rules. */
export function BankAccountForm(props: ChangeFormProps) {
  const { t } = useTranslation();
  const [form, fields] = useChangeForm("BANK_ACCOUNT", () => import("#contract/changes/bank-account.ts").then((module) => module.BankAccountChange), props);
  return (
    <ChangeForm form={form} cancelTo={pagePath("BANK_ACCOUNT")} replaces={props.replaces}>
      <TextField field={fields.accountHolder} autoComplete="cc-name" />
      <IbanFields form={form} iban={fields.iban} bic={fields.bic} ibanHint={t("myCompany.changes.hints.iban")} bicHint={t("myCompany.changes.hints.bic")} />
    </ChangeForm>
  );
}
