import type { OpenCatalogueReturn } from "#contract/catalogue-return.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Link } from "react-router";
import { dateTimeFormat } from "#app/lib/intl-formats.ts";
import { ReturnedFiles } from "./catalogue-returns.tsx";

/**
 * The catalogue team's return, as the seller reads it: why shop and catalogue
 * came back, what to change in which file, and where to go on. Shown on the
 * task list and the catalogue page until the seller hands over again.
 */
export function CatalogueReturnNotice({ catalogueReturn, next }: { catalogueReturn: OpenCatalogueReturn | null | undefined; next: "catalogue" | "taskList" }) {
  const { t, i18n } = useTranslation();
  if (!catalogueReturn) return null;
  const date = dateTimeFormat(i18n.language, { dateStyle: "long", timeZone: "UTC" }).format(new Date(catalogueReturn.returnedAt));
  return (
    <section aria-labelledby="catalogue-return-title" className="notice catalogue-return">
      <h2 id="catalogue-return-title">{t("catalogueReturn.notice.title")}</h2>
      <p>{t("catalogueReturn.notice.lead", { date })}</p>
      <blockquote>{catalogueReturn.reason}</blockquote>
      {catalogueReturn.files.length ? (
        <>
          <p>{t("catalogueReturn.notice.files")}</p>
          <ReturnedFiles files={catalogueReturn.files} />
        </>
      ) : null}
      <p>
        {t("catalogueReturn.notice.then")}{" "}
        {next === "catalogue" ? (
          <Link to="/upload/catalog">{t("catalogueReturn.notice.toCatalogue")}</Link>
        ) : (
          <Link to="/overview">{t("catalogueReturn.notice.toTaskList")}</Link>
        )}
      </p>
    </section>
  );
}
