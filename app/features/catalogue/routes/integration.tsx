import type { IntegrationInfo } from "@contract/catalogue";
import type { CatalogueAnalysis } from "@contract/catalogue-analysis";
import { FileReportSummary } from "~/features/catalogue/components/file-report-summary";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { CatalogueErrorView } from "~/features/catalogue/components/error-view";
import { ErrorSummary } from "~/features/catalogue/components/form-errors";
import { formatBytes } from "~/features/catalogue/catalogue-steps";
import { authorize } from "~/features/shell/authorize.server";
import { failedUpstreamAction } from "~/features/catalogue/actions.server";
import { sellerInIntegration } from "~/features/catalogue/integration-seller.server";
import { getI18n } from "~/shared/i18n/i18n.server";
import { redirectWithPortalToast } from "~/features/shell/toasts/toast.server";
import { upstream } from "~/features/shell/upstream.server";
import { orRouteError, UpstreamError } from "~/shared/upstream/upstream-error.server";
import catalogueStylesHref from "~/features/catalogue/catalogue.css?url";
import fileReviewStylesHref from "~/features/catalogue/file-review.css?url";
import type { Route } from "./+types/integration";
import { DataTable } from "~/shared/ui/data-table";

export const middleware = [authorize({ rule: "catalogueIntegration" })];

export async function loader(args: Route.LoaderArgs) {
  const sellerId = new URL(args.request.url).searchParams.get("sellerId");
  const client = upstream(args).catalogueUpload;
  // An unknown seller id, or a seller not in integration, is the user's typo, not a broken page.
  const details = sellerId ? sellerInIntegration(args, sellerId) : Promise.resolve(null);
  const [sellers, info] = await orRouteError(Promise.all([client.integrationSellers(), details]));
  const reports = info ? await fileReports(client, info) : {};
  return { sellers, info, sellerId, reports };
}

type FileReport = { analysis: CatalogueAnalysis | null; unavailable: boolean };

/** Each file's stored check, read at once; a file without one is "not checked", a failing one says so without breaking the screen. */
async function fileReports(client: ReturnType<typeof upstream>["catalogueUpload"], info: IntegrationInfo): Promise<Record<string, FileReport>> {
  const entries = await Promise.all(
    info.files.map(async (file): Promise<[string, FileReport]> => {
      try {
        return [file.id, { analysis: await client.integrationAnalysis(info.sellerId, file.id), unavailable: false }];
      } catch (error) {
        if (!(error instanceof UpstreamError)) throw error;
        return [file.id, { analysis: null, unavailable: error.status !== 404 }];
      }
    }),
  );
  return Object.fromEntries(entries);
}

export async function action(args: Route.ActionArgs) {
  const t = getI18n(args.context).t;
  const sellerId = String((await args.request.formData()).get("sellerId") ?? "");
  try {
    const info = await upstream(args).catalogueUpload.finishMapping(sellerId);
    return redirectWithPortalToast(`/product-catalogue-integration?sellerId=${encodeURIComponent(sellerId)}`, {
      type: "success",
      message: t("catalogue.integration.finished", { name: info.sellerName }),
    });
  } catch (error) {
    return failedUpstreamAction(args, error, t("catalogue.integration.finishFailed"), {});
  }
}

/** The catalogue team's screen: who handed a catalogue over, its details and files, and finishing the mapping. */
export default function ProductCatalogueIntegration({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { sellers, info, sellerId, reports } = loaderData;
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" });
  return (
    <article className="integration">
      <h1>{t("catalogue.integration.title")}</h1>
      <p>{t("catalogue.integration.lead")}</p>
      <ErrorSummary items={[]} upstream={actionData?.upstreamFailure ?? null} />
      <section aria-labelledby="integration-sellers">
        <h2 id="integration-sellers">{t("catalogue.integration.sellers")}</h2>
        {sellers.length === 0 ? (
          <p>{t("catalogue.integration.none")}</p>
        ) : (
          <DataTable
            columns={[t("catalogue.integration.seller"), t("catalogue.integration.state"), t("catalogue.integration.since"), t("catalogue.integration.files")]}
          >
            {sellers.map((seller) => (
              <tr key={seller.sellerId} aria-current={seller.sellerId === sellerId ? "true" : undefined}>
                <th scope="row">
                  <Link to={`?sellerId=${encodeURIComponent(seller.sellerId)}`} aria-label={t("catalogue.integration.open", { name: seller.sellerName })}>
                    {seller.sellerName}
                  </Link>
                </th>
                <td>{t(`catalogue.integration.states.${seller.state}`)}</td>
                <td>{dateFormat.format(new Date(seller.since))}</td>
                <td>{seller.fileCount}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
      {sellerId && !info ? (
        <p className="notice" role="status">
          {t("catalogue.integration.unknownSeller")}
        </p>
      ) : null}
      {info ? <IntegrationDetails info={info} reports={reports} dateFormat={dateFormat} /> : null}
    </article>
  );
}

function IntegrationDetails({ info, reports, dateFormat }: { info: IntegrationInfo; reports: Record<string, FileReport>; dateFormat: Intl.DateTimeFormat }) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const finishing = navigation.state === "submitting" && navigation.formAction?.startsWith("/product-catalogue-integration");
  const settings = info.uploadSettings;
  const waiting = info.state === "CATALOGUE_DATA_SUBMITTED";
  const download = (fileId?: string) =>
    `/product-catalogue-integration/download?sellerId=${encodeURIComponent(info.sellerId)}${fileId ? `&fileId=${encodeURIComponent(fileId)}` : ""}`;
  return (
    <section aria-labelledby="integration-details" className="integration__details">
      <h2 id="integration-details">{t("catalogue.integration.details", { name: info.sellerName })}</h2>
      <dl className="integration__facts">
        <dt>{t("catalogue.integration.sellerId")}</dt>
        <dd>
          <code>{info.sellerId}</code>
        </dd>
        <dt>{t("catalogue.integration.state")}</dt>
        <dd>
          {t(`catalogue.integration.states.${info.state}`)} · {dateFormat.format(new Date(info.since))}
        </dd>
        <dt>{t("catalogue.integration.delivery")}</dt>
        <dd>{t(`catalogue.settings.types.${settings.uploadType}`)}</dd>
        {settings.uploadType === "FEED" && settings.feedUrl ? (
          <>
            <dt>{t("catalogue.integration.feedUrl")}</dt>
            <dd>
              {/* Shown, never fetched by the portal. */}
              <code>{settings.feedUrl}</code> ({settings.feedFormat}, {settings.feedSchedule ? t(`catalogue.settings.schedules.${settings.feedSchedule}`) : ""})
            </dd>
          </>
        ) : null}
        {settings.uploadType === "FTP" && settings.ftpHost ? (
          <>
            <dt>{t("catalogue.integration.ftp")}</dt>
            <dd>
              <code>
                {settings.ftpUser}@{settings.ftpHost}:{settings.ftpPort ?? 21}
                {settings.ftpPath ?? ""}
              </code>
            </dd>
          </>
        ) : null}
      </dl>

      {info.files.length ? (
        <p>
          <a className="button button--secondary" href={download()} download>
            {t("catalogue.integration.download")}
          </a>
        </p>
      ) : null}
      {info.files.map((file) => (
        <div key={file.id} className="integration__file">
          <h3>
            <a href={download(file.id)} download aria-label={t("catalogue.integration.downloadFile", { name: file.fileName })}>
              {file.fileName}
            </a>{" "}
            <span className="integration__size">({formatBytes(t, file.size, i18n.language)})</span>
          </h3>
          {file.headerMapping ? (
            <DataTable
              caption={<caption>{t("catalogue.integration.mappingOf")}</caption>}
              columns={[t("catalogue.mapping.column"), t("catalogue.mapping.field")]}
            >
              {Object.entries(file.headerMapping).map(([header, field]) => (
                <tr key={header}>
                  <th scope="row">{header}</th>
                  <td>{t(`catalogue.fields.${field}`)}</td>
                </tr>
              ))}
            </DataTable>
          ) : (
            <p>{t("catalogue.integration.noMapping")}</p>
          )}
          <FileReportSummary analysis={reports[file.id]?.analysis ?? null} unavailable={reports[file.id]?.unavailable ?? false} />
        </div>
      ))}

      {waiting ? (
        <Form method="post">
          <input type="hidden" name="sellerId" value={info.sellerId} />
          <button type="submit" className="button button--primary" disabled={finishing}>
            {finishing ? t("catalogue.integration.finishing") : t("catalogue.integration.finish")}
          </button>
        </Form>
      ) : info.state === "CATALOGUE_DATA_MAPPING_FINISHED" ? (
        <p className="notice" role="status">
          {t("catalogue.integration.alreadyFinished")}
        </p>
      ) : null}
    </section>
  );
}

export function ErrorBoundary() {
  return <CatalogueErrorView />;
}

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: catalogueStylesHref },
  { rel: "stylesheet", href: fileReviewStylesHref },
];

export const meta: Route.MetaFunction = () => [{ title: "Catalogue integration · Seller Portal" }];
