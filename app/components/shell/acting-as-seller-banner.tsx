import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Form } from "react-router";

/** Shown on every page while a staff member acts as a seller, with the way back. */
export function ActingAsSellerBanner({ sellerName }: { sellerName: string | null }) {
  const { t } = useTranslation();
  return (
    <div className="acting-as-seller-banner" role="region" aria-label={t("actingAsSeller.region")}>
      <p>{t("actingAsSeller.actingAs", { seller: sellerName ?? t("actingAsSeller.unknownSeller") })}</p>
      <Form method="post" action="/substitution/end">
        <button type="submit">{t("actingAsSeller.end")}</button>
      </Form>
    </div>
  );
}
