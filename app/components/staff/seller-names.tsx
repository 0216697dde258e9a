import type { StaffSeller } from "#contract/staff.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { differingRegisteredName } from "#app/lib/staff/seller-names.ts";

/**
 * Both of a seller's names, labelled, where they differ: the one the seller registered in the company information
 * and the one it was invited (or signed up) with. Nothing where they are the same.
 */
export function SellerNames({ seller }: { seller: Pick<StaffSeller, "name" | "registeredName"> }) {
  const { t } = useTranslation();
  const registered = differingRegisteredName(seller);
  if (!registered) return null;
  return (
    <dl className="seller-names">
      <dt>{t("staff.names.registered")}</dt>
      <dd>{registered}</dd>
      <dt>{t("staff.names.given")}</dt>
      <dd>{seller.name}</dd>
    </dl>
  );
}
