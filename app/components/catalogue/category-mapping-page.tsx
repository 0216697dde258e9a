import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { CategoryMapping } from "./category-mapping.tsx";
import type { MappingData } from "#app/lib/catalogue/category-mapping.ts";

type Props = {
  mapping: MappingData;
  canChange: boolean;
  /** The mapping page's own path (its forms and pages). */
  path: string;
  /** The products view the file's mapping belongs to, and the files' page when there is no file. */
  productsPath: string;
  filesPath: string;
  /** Said above the mapping (what the catalogue team returned of it), or null. */
  notice?: ReactNode;
};

/** A catalogue file's category values and their marketplace categories: the hand-over's page and the home area's. */
export function CategoryMappingPage({ mapping, canChange, path, productsPath, filesPath, notice = null }: Props) {
  const { t } = useTranslation();
  const file = mapping.file;
  return (
    <article className="upload categories">
      <p>
        <Link to={file ? `${productsPath}?fileId=${encodeURIComponent(file.id)}` : filesPath}>
          {file ? t("catalogueCategories.back") : t("catalogueProducts.toUpload")}
        </Link>
      </p>
      <h1>{file ? t("catalogueCategories.title", { name: file.fileName }) : t("catalogueCategories.titleNoFile")}</h1>
      {file ? (
        <>
          <p>{t("catalogueCategories.lead")}</p>
          {notice}
          <CategoryMapping data={mapping} path={path} canChange={canChange} />
        </>
      ) : (
        <p role="status">
          {t("catalogueCategories.noFile")} <Link to={filesPath}>{t("catalogueProducts.toUpload")}</Link>
        </p>
      )}
    </article>
  );
}
