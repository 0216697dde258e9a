import { Link } from "react-router";
import type { ProductCounts } from "#contract/catalogue-products.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { numberFormat } from "#app/lib/intl-formats.ts";
import { fileQuality } from "#app/lib/catalogue/quality-score.ts";

/**
 * A file's quality score out of 100 (app/lib/catalogue/quality-score.ts), and
 * the fixes that raise it most, each a link to the products it concerns
 * (`kindHref`: the list filtered to a problem kind; `categoriesHref`: the
 * category mapping). Absent until the service counted the file's facts.
 */
export function FileQuality({
  counts,
  kindHref,
  categoriesHref = null,
  headingLevel = 2,
}: {
  counts: ProductCounts;
  kindHref: ((kind: string) => string) | null;
  categoriesHref?: string | null;
  headingLevel?: 2 | 3;
}) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language, { maximumFractionDigits: 1 });
  if (!counts.quality) return null;
  const quality = fileQuality(counts);
  const Heading = `h${headingLevel}` as const;
  if (quality.score === null)
    return (
      <section aria-labelledby="file-quality-title" className="file-quality">
        <Heading id="file-quality-title">{t("catalogueProducts.quality.fileNone")}</Heading>
      </section>
    );
  return (
    <section aria-labelledby="file-quality-title" className="file-quality">
      <Heading id="file-quality-title">{t("catalogueProducts.quality.fileTitle", { score: number.format(quality.score) })}</Heading>
      {quality.imagesChecked ? null : <p className="hint">{t("catalogueProducts.quality.imagesNotChecked")}</p>}
      {quality.fixes.length > 0 ? (
        <>
          <p id="file-quality-fixes">{t("catalogueProducts.quality.fixesTitle")}</p>
          <ol aria-labelledby="file-quality-fixes" className="file-quality__fixes">
            {quality.fixes.map((fix) => {
              const gain = number.format(fix.gain);
              if ("kind" in fix) {
                const text = t("catalogueProducts.quality.fixKind", {
                  kind: t(`catalogueIntelligence.report.problems.${fix.kind}`),
                  count: fix.products,
                  products: number.format(fix.products),
                  gain,
                });
                return <li key={fix.kind}>{kindHref ? <Link to={kindHref(fix.kind)}>{text}</Link> : text}</li>;
              }
              const text = t("catalogueProducts.quality.fixPart", {
                part: t(`catalogueProducts.quality.parts.${fix.part}`),
                count: fix.products,
                products: number.format(fix.products),
                gain,
              });
              return <li key={fix.part}>{fix.part === "category" && categoriesHref ? <Link to={categoriesHref}>{text}</Link> : text}</li>;
            })}
          </ol>
        </>
      ) : null}
    </section>
  );
}
