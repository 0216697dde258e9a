import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import type { MappingRow } from "#app/lib/catalogue/category-mapping.ts";

/**
 * A value whose mapping the catalogue team returned: the earlier choice, named as returned, and the team's reason.
 * The value needs a new choice (the suggestions are offered again) on this file and the next, until the seller
 * confirms a category again.
 */
export function ReturnedMapping({ returned }: { returned: MappingRow["returned"] }) {
  const { t } = useTranslation();
  if (!returned) return null;
  return (
    <p className="notice category-value__returned">
      <strong>{t("catalogueCategories.returned.title")}</strong>{" "}
      {returned.category
        ? t("catalogueCategories.returned.earlier", { category: returned.category.path.join(" › ") })
        : t("catalogueCategories.returned.earlierUnknown")}{" "}
      {t("catalogueCategories.returned.reason", { reason: returned.reason })}
    </p>
  );
}
