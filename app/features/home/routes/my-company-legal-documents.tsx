import { useTranslation } from "react-i18next";
import { authorize } from "~/features/shell/authorize.server";
import { legalDocumentsLoader } from "~/features/home/company.server";
import type { Route } from "./+types/my-company-legal-documents";
import { DataTable } from "~/shared/ui/data-table";

export const middleware = [authorize({ rule: "sellerAdministrator" })];

export async function loader(args: Route.LoaderArgs) {
  return legalDocumentsLoader(args);
}

/** The seller's contract and other legal documents, each downloadable. */
export default function LegalDocuments({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: "UTC" });
  const size = new Intl.NumberFormat(i18n.language, { style: "unit", unit: "kilobyte", maximumFractionDigits: 1 });
  return (
    <section aria-labelledby="legal-documents-title">
      <h1 id="legal-documents-title">{t("myCompany.legalDocuments.title")}</h1>
      {loaderData.documents.length === 0 ? <p>{t("myCompany.legalDocuments.none")}</p> : null}
      <DataTable
        labelledBy="legal-documents-title"
        columns={[
          t("myCompany.legalDocuments.document"),
          t("myCompany.legalDocuments.uploaded"),
          t("myCompany.legalDocuments.size"),
          t("myCompany.legalDocuments.file"),
        ]}
      >
        {loaderData.documents.map((document) => (
          <tr key={document.id}>
            <th scope="row">{t(`myCompany.legalDocuments.kinds.${document.kind}`)}</th>
            <td>{date.format(new Date(document.uploadedAt))}</td>
            <td>{size.format(document.size / 1024)}</td>
            <td>
              <a href={`/home/my-company/legal-documents/${encodeURIComponent(document.id)}/download`} download={document.fileName}>
                {t("myCompany.legalDocuments.download", { file: document.fileName })}
              </a>
            </td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Legal documents"} · Seller Portal` }];
