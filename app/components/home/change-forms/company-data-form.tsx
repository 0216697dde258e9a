import { legalForms } from "#contract/rules/legal-form.ts";
import { SelectField, TextField } from "#app/components/ui/fields.tsx";
import { PostalAddress } from "./postal-address.tsx";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { pagePath } from "#app/lib/home/my-company-changes.ts";
import { ChangeForm } from "#app/components/home/change-form.tsx";
import { useChangeForm, type ChangeFormProps } from "./use-change-form.ts";

/** The company as it is registered, and how the marketplace reaches it. */
export function CompanyDataForm(props: ChangeFormProps) {
  const { t } = useTranslation();
  const [form, fields] = useChangeForm("COMPANY_DATA", () => import("#contract/changes/company-data.ts").then((module) => module.CompanyDataChange), props);
  return (
    <ChangeForm form={form} cancelTo={pagePath("COMPANY_DATA")} replaces={props.replaces}>
      <TextField field={fields.legalName} autoComplete="organization" />
      <SelectField field={fields.legalForm} options={legalForms.map((value) => ({ value, label: t(`onboarding.legalForms.${value}`) }))} />
      <PostalAddress fields={fields} />
      <TextField field={fields.vatId} hint={t("myCompany.changes.hints.vatId")} autoComplete="off" spellCheck={false} />
      <TextField field={fields.taxNumber} optional autoComplete="off" spellCheck={false} />
      <TextField field={fields.registerCourt} hint={t("myCompany.changes.hints.register")} autoComplete="off" />
      <TextField field={fields.registerNumber} autoComplete="off" spellCheck={false} />
      <TextField field={fields.contactEmail} type="email" autoComplete="email" />
      <TextField field={fields.phone} type="tel" hint={t("myCompany.changes.hints.phone")} autoComplete="tel" />
    </ChangeForm>
  );
}
