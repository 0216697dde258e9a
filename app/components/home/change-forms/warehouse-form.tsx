import { TextField } from "#app/components/ui/fields.tsx";
import { PostalAddress } from "./postal-address.tsx";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { pagePath } from "#app/lib/home/my-company-changes.ts";
import { ChangeForm } from "#app/components/home/change-form.tsx";
import { useChangeForm, type ChangeFormProps } from "./use-change-form.ts";

/** A warehouse as the marketplace validates it: address, contact, handling time and same-day cut-off. */
export function WarehouseForm(props: ChangeFormProps) {
  const { t } = useTranslation();
  const [form, fields] = useChangeForm("WAREHOUSE", () => import("#contract/changes/warehouse.ts").then((module) => module.WarehouseChange), props);
  return (
    <ChangeForm form={form} cancelTo={pagePath("WAREHOUSE")} replaces={props.replaces}>
      <TextField field={fields.name} />
      <PostalAddress fields={fields} />
      <TextField field={fields.contactPerson} autoComplete="name" />
      <div className="field-row">
        <TextField field={fields.handlingTimeDays} type="number" inputMode="numeric" hint={t("myCompany.changes.hints.handlingTime")} />
        <TextField field={fields.cutOffTime} inputMode="numeric" hint={t("myCompany.changes.hints.cutOffTime")} spellCheck={false} />
      </div>
    </ChangeForm>
  );
}
