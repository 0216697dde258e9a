import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import type { CategoryLabel } from "#app/lib/catalogue/marketplace-categories.ts";

/** A marketplace category's path, marked where it has no German name. */
export function CategoryText({ category }: { category: CategoryLabel }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="category-path">{category.path.join(" › ")}</span>
      {category.untranslated ? <span className="hint"> {t("catalogueCategories.untranslated")}</span> : null}
    </>
  );
}
