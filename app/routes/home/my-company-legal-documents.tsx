import { refusedInSubstitution } from "#contract/company-change-kinds.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Link } from "react-router";
import { authorize } from "#app/services/session/authorize.server.ts";
import { legalDocumentsLoader } from "#app/services/home/company.server.ts";
import { ChangeNotices, StartChange } from "#app/components/home/change-notices.tsx";
import { changeFormPath } from "#app/lib/home/my-company-changes.ts";
import type { Route } from "./+types/my-company-legal-documents";
import { DataTable } from "#app/components/ui/data-table.tsx";
import { DownloadLink } from "#app/components/ui/download-link.tsx";
import { numberFormat, dateTimeFormat } from "#app/lib/intl-formats.ts";
import { formatDay } from "#app/lib/calendar-day.ts";
import { pageMessages, type MessagesHandle } from "#app/lib/i18n/page-messages.ts";
import { routeComponent } from "#app/lib/route-component.ts";

export const handle = { i18n: ["onboarding"] } satisfies MessagesHandle;
export const clientMiddleware = [pageMessages(handle)];

export const middleware = [authorize({ rule: "sellerAdministrator" })];

export async function loader(args: Route.LoaderArgs) {
  return legalDocumentsLoader(args);
}

/** The seller's contract and other legal documents, each downloadable; a new version goes through a confirmed change. */
function LegalDocuments({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { documents, changes, actingAsSeller } = loaderData;
  const date = dateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: "UTC" });
  const size = numberFormat(i18n.language, { style: "unit", unit: "kilobyte", maximumFractionDigits: 1 });
  // The ID document of the shop setup is not kept here: until a new one is confirmed, a row to send one.
  const identityOnRecord = documents.some((document) => document.kind === "IDENTITY_DOCUMENT");
  const identityPending = changes?.some((change) => change.kind === "LEGAL_DOCUMENT" && change.target === "IDENTITY_DOCUMENT" && change.status === "PENDING");
  const identityName = t("myCompany.legalDocuments.kinds.IDENTITY_DOCUMENT");
  return (
    <section aria-labelledby="legal-documents-title">
      <h1 id="legal-documents-title">{t("myCompany.legalDocuments.title")}</h1>
      {[...documents.map((document) => document.kind), ...(identityOnRecord ? [] : (["IDENTITY_DOCUMENT"] as const))].map((kind) => (
        <ChangeNotices key={kind} changes={changes} kind="LEGAL_DOCUMENT" target={kind} />
      ))}
      {documents.length === 0 ? <p>{t("myCompany.legalDocuments.none")}</p> : null}
      <DataTable
        labelledBy="legal-documents-title"
        landmark={false}
        columns={[
          t("myCompany.legalDocuments.document"),
          t("myCompany.legalDocuments.uploaded"),
          t("myCompany.legalDocuments.size"),
          t("myCompany.legalDocuments.file"),
          t("myCompany.legalDocuments.newVersion"),
        ]}
      >
        {documents.map((document) => {
          const pending = changes?.some((change) => change.kind === "LEGAL_DOCUMENT" && change.target === document.kind && change.status === "PENDING");
          const refused = actingAsSeller && refusedInSubstitution("LEGAL_DOCUMENT", document.kind);
          return (
            <tr key={document.id}>
              <th scope="row">
                {t(`myCompany.legalDocuments.kinds.${document.kind}`)}
                {document.expiryDate ? (
                  <span className="legal-documents__expiry">
                    {" "}
                    {t("myCompany.legalDocuments.validUntil", { date: formatDay(i18n.language, document.expiryDate) })}
                  </span>
                ) : null}
              </th>
              <td>{date.format(new Date(document.uploadedAt))}</td>
              <td>{size.format(document.size / 1024)}</td>
              <td>
                <DownloadLink href={`/home/my-company/legal-documents/${encodeURIComponent(document.id)}/download`}>
                  {t("myCompany.legalDocuments.download", { file: document.fileName })}
                </DownloadLink>
              </td>
              <td>
                {refused ? (
                  t("myCompany.legalDocuments.notWhileActing")
                ) : pending ? (
                  t("myCompany.legalDocuments.pending")
                ) : (
                  <Link
                    to={changeFormPath("LEGAL_DOCUMENT", document.kind)}
                    aria-label={t("myCompany.legalDocuments.uploadNamed", { document: t(`myCompany.legalDocuments.kinds.${document.kind}`) })}
                  >
                    {t("myCompany.legalDocuments.upload")}
                  </Link>
                )}
              </td>
            </tr>
          );
        })}
        {identityOnRecord ? null : (
          <tr data-document-kind="IDENTITY_DOCUMENT">
            <th scope="row">{identityName}</th>
            <td colSpan={3}>{t("myCompany.legalDocuments.identityFromSetup")}</td>
            <td>
              {identityPending ? (
                t("myCompany.legalDocuments.pending")
              ) : (
                <Link to={changeFormPath("LEGAL_DOCUMENT", "IDENTITY_DOCUMENT")}>{t("myCompany.legalDocuments.uploadIdentity")}</Link>
              )}
            </td>
          </tr>
        )}
      </DataTable>
      <StartChange changes={null} kind="LEGAL_DOCUMENT" refused={false} label={t("myCompany.changes.kinds.LEGAL_DOCUMENT.start")} />
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Legal documents"} · Seller Portal` }];

export default routeComponent(LegalDocuments);
