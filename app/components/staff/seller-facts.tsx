import type { StaffSeller } from "#contract/staff.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";

/** Which seller a staff action is about: its name, CRM id and state, as the confirmation pages show them first. */
export function SellerFacts({ seller }: { seller: Pick<StaffSeller, "name" | "crmId" | "state"> }) {
  const { t } = useTranslation();
  return (
    <dl className="seller-facts">
      <dt>{t("staff.form.fields.name")}</dt>
      <dd>{seller.name}</dd>
      <dt>{t("staff.form.fields.crmId")}</dt>
      <dd>{seller.crmId ?? t("staff.list.noCrmId")}</dd>
      <dt>{t("staff.list.columns.state")}</dt>
      <dd>{t(`staff.states.${seller.state}`)}</dd>
    </dl>
  );
}
