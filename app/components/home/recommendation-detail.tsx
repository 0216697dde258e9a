import type { AffectedProduct, RecommendedAction } from "#contract/home.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Link } from "react-router";
import { RichText } from "./rich-text.tsx";
import { RecommendationSummary } from "./recommendation-summary.tsx";
import { DataTable } from "#app/components/ui/data-table.tsx";
import { dateFormatter } from "#app/lib/home/analytics-dates.ts";

type Props = {
  action: RecommendedAction;
  products: { items: AffectedProduct[]; page: number; pageSize: number; total: number };
  pageCount: number;
  shopName?: string;
};

/** A recommended action's detail: its text and the products concerned, a page at a time (the page is in the URL). */
export function RecommendationDetail({ action, products, pageCount, shopName }: Props) {
  const { t, i18n } = useTranslation();
  const first = (products.page - 1) * products.pageSize + 1;
  const last = Math.min(products.total, products.page * products.pageSize);
  const date = dateFormatter(i18n.language);
  return (
    <article className="recommendation-detail">
      <h1>{t(`recommendations.kinds.${action.kind}.title`, { count: action.productCount })}</h1>
      <RecommendationSummary action={action} shopName={shopName} heading={null} />
      <RichText html={action.descriptionHtml} className="recommendation__text" />
      <h2 id="affected-products">{t("recommendations.affected.title")}</h2>
      <p>{t("recommendations.affected.showing", { first, last, total: products.total })}</p>
      <DataTable
        labelledBy="affected-products"
        columns={[
          t("recommendations.affected.ean"),
          t("recommendations.affected.sku"),
          t("recommendations.affected.product"),
          t("recommendations.affected.reason"),
          t("recommendations.affected.since"),
        ]}
      >
        {products.items.map((product) => (
          <tr key={product.sku}>
            <td>{product.ean}</td>
            <td>{product.sku}</td>
            <td>{product.title}</td>
            <td>{product.reason}</td>
            <td className="metric__date">{date(product.since)}</td>
          </tr>
        ))}
      </DataTable>
      {pageCount > 1 ? (
        <nav aria-label={t("recommendations.affected.pages")} className="pagination">
          {products.page > 1 ? <Link to={`?page=${products.page - 1}`}>{t("recommendations.affected.previous")}</Link> : null}
          <span aria-current="page">{t("recommendations.affected.page", { page: products.page, pages: pageCount })}</span>
          {products.page < pageCount ? <Link to={`?page=${products.page + 1}`}>{t("recommendations.affected.next")}</Link> : null}
        </nav>
      ) : null}
    </article>
  );
}
