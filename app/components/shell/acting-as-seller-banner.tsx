import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Form } from "react-router";

/** Shown on every page while a staff member acts as a seller, with the way back. */
export function SubstitutionBanner({ sellerName }: { sellerName: string | null }) {
  const { t } = useTranslation();
  return (
    <div className="substitution-banner" role="region" aria-label={t("substitution.region")}>
      <p>{t("substitution.actingAs", { seller: sellerName ?? t("substitution.unknownSeller") })}</p>
      <Form method="post" action="/substitution/end">
        <button type="submit">{t("substitution.end")}</button>
      </Form>
    </div>
  );
}
