import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { numberFormat } from "#app/lib/intl-formats.ts";
import type { TeamMappingView } from "#app/lib/catalogue/team-mapping.ts";
import { DataTable } from "#app/components/ui/data-table.tsx";

/**
 * The catalogue team's read-only view of a seller's category mapping: each category value with its products, the
 * marketplace category chosen and how, a standing return of it; and the products moved to a category on their own.
 */
export function TeamCategoryMapping({ mapping }: { mapping: TeamMappingView | "unavailable" }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  const categoryText = (category: string | null, categoryId: string | null) =>
    category ?? (categoryId ? t("catalogueCategories.team.categoryId", { id: categoryId }) : t("catalogueCategories.team.unmapped"));
  return (
    <section aria-labelledby="team-category-mapping" className="integration__mapping">
      <h3 id="team-category-mapping">{t("catalogueCategories.team.title")}</h3>
      {mapping === "unavailable" ? (
        <p className="notice" role="status">
          {t("catalogueCategories.team.unavailable")}
        </p>
      ) : (
        <>
          <p>{t("catalogueCategories.team.lead")}</p>
          {mapping.namesMissing ? (
            <p className="notice" role="status">
              {t("catalogueCategories.team.namesMissing")}
            </p>
          ) : null}
          {mapping.values.length === 0 ? (
            <p>{t("catalogueCategories.team.noValues")}</p>
          ) : (
            <DataTable
              labelledBy="team-category-mapping"
              landmark={false}
              columns={[
                t("catalogueCategories.team.value"),
                t("catalogueCategories.team.products"),
                t("catalogueCategories.team.category"),
                t("catalogueCategories.team.source"),
              ]}
            >
              {mapping.values.map((entry) => (
                <tr key={entry.value}>
                  <th scope="row">{entry.value}</th>
                  <td>{entry.products > 0 ? number.format(entry.products) : t("catalogueCategories.team.noProducts")}</td>
                  <td>
                    {categoryText(entry.category, entry.categoryId)}
                    {entry.returnedReason ? (
                      <span className="integration__explain">{t("catalogueCategories.team.returned", { reason: entry.returnedReason })}</span>
                    ) : null}
                  </td>
                  <td>{entry.categoryId ? t(`catalogueCategories.team.sources.${entry.source ?? "UNKNOWN"}`) : "–"}</td>
                </tr>
              ))}
            </DataTable>
          )}
          <h4 id="team-moved-products">{t("catalogueCategories.team.movedTitle")}</h4>
          {mapping.moved.length === 0 ? (
            <p>{t("catalogueCategories.team.noMoved")}</p>
          ) : (
            <DataTable
              labelledBy="team-moved-products"
              columns={[t("catalogueCategories.team.product"), t("catalogueCategories.team.value"), t("catalogueCategories.team.category")]}
            >
              {mapping.moved.map((product) => (
                <tr key={`${product.fileId}:${product.row}`}>
                  <th scope="row">{t("catalogueCategories.team.productName", { row: product.row, name: product.fileName, title: product.title || "–" })}</th>
                  <td>{product.value || "–"}</td>
                  <td>{categoryText(product.category, product.categoryId)}</td>
                </tr>
              ))}
            </DataTable>
          )}
          {mapping.truncated ? <p>{t("catalogueCategories.team.truncated")}</p> : null}
        </>
      )}
    </section>
  );
}
