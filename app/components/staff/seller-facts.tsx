import type { StaffSeller } from "#contract/staff.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { differingRegisteredName } from "#app/lib/staff/seller-names.ts";

/** Which seller a staff action is about: its name, CRM id and state, as the confirmation pages show them first. */
export function SellerFacts({ seller }: { seller: Pick<StaffSeller, "name" | "registeredName" | "crmId" | "state"> }) {
  const { t } = useTranslation();
  const registered = differingRegisteredName(seller);
  return (
    <dl className="seller-facts">
      <dt>{registered ? t("staff.names.given") : t("staff.form.fields.name")}</dt>
      <dd>{seller.name}</dd>
      {registered ? (
        <>
          <dt>{t("staff.names.registered")}</dt>
          <dd>{registered}</dd>
        </>
      ) : null}
      <dt>{t("staff.form.fields.crmId")}</dt>
      <dd>{seller.crmId ?? t("staff.list.noCrmId")}</dd>
      <dt>{t("staff.list.columns.state")}</dt>
      <dd>{t(`staff.states.${seller.state}`)}</dd>
    </dl>
  );
}
