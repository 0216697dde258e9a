import { useId } from "react";
import { Link } from "react-router";
import type { ProductCounts } from "#contract/catalogue-products.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { numberFormat } from "#app/lib/intl-formats.ts";
import { fileQuality } from "#app/lib/catalogue/quality-score.ts";

/**
 * A file's quality score out of 100 (app/lib/catalogue/quality-score.ts), and
 * the fixes that raise it most, each a link to the products it concerns
 * (`kindHref`: the list filtered to a problem kind; `categoriesHref`: the
 * category mapping), the first `fixesShown` of them where the file is only
 * summed up, with a link to its products (`productsHref`) and a line on
 * which file it is (`about`). When the counts could not be read now, or the
 * file's products are not counted yet, the section says so.
 */
export function FileQuality({
  counts,
  kindHref,
  categoriesHref = null,
  productsHref = null,
  fixesShown,
  about = null,
  headingLevel = 2,
}: {
  counts: ProductCounts | "unreadable" | "notCounted";
  kindHref: ((kind: string) => string) | null;
  categoriesHref?: string | null;
  productsHref?: string | null;
  fixesShown?: number;
  about?: string | null;
  headingLevel?: 2 | 3 | 4;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const number = numberFormat(i18n.language, { maximumFractionDigits: 1 });
  const Heading = `h${headingLevel}` as const;
  const titleId = `${id}-title`;
  const productsLink = productsHref ? (
    <p>
      <Link to={productsHref}>{t("catalogueProducts.quality.productsLink")}</Link>
    </p>
  ) : null;
  const aboutLine = about ? <p className="file-quality__about">{about}</p> : null;
  if (typeof counts === "string" || !counts.quality)
    return (
      <section aria-labelledby={titleId} className="file-quality">
        <Heading id={titleId}>{t("catalogueProducts.quality.fileHeading")}</Heading>
        {aboutLine}
        <p>{t(counts === "unreadable" ? "catalogueProducts.quality.fileUnreadable" : "catalogueProducts.quality.fileNotCounted")}</p>
      </section>
    );
  const quality = fileQuality(counts);
  if (quality.score === null)
    return (
      <section aria-labelledby={titleId} className="file-quality">
        <Heading id={titleId}>{t("catalogueProducts.quality.fileNone")}</Heading>
        {aboutLine}
      </section>
    );
  const fixes = fixesShown === undefined ? quality.fixes : quality.fixes.slice(0, fixesShown);
  const fixesId = `${id}-fixes`;
  return (
    <section aria-labelledby={titleId} className="file-quality">
      <Heading id={titleId}>{t("catalogueProducts.quality.fileTitle", { score: number.format(quality.score) })}</Heading>
      {aboutLine}
      {quality.imagesChecked ? null : <p className="hint">{t("catalogueProducts.quality.imagesNotChecked")}</p>}
      {fixes.length > 0 ? (
        <>
          <p id={fixesId}>{t("catalogueProducts.quality.fixesTitle")}</p>
          <ol aria-labelledby={fixesId} className="file-quality__fixes">
            {fixes.map((fix) => {
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
      {productsLink}
    </section>
  );
}
