import type { SubmissionResult } from "@conform-to/react";
import type { Returnables } from "#app/lib/catalogue/returnables.ts";
import type { IntegrationFile, IntegrationInfo } from "#contract/catalogue.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Form, Link, useNavigation } from "react-router";
import { formatBytes } from "#app/lib/catalogue/catalogue-steps.ts";
import { teamProductsHref } from "#app/lib/catalogue/products-query.ts";
import type { FileReport } from "#app/services/catalogue/integration.server.ts";
import { ReturnsSection } from "./catalogue-returns.tsx";
import { DataTable } from "#app/components/ui/data-table.tsx";
import { DownloadLink } from "#app/components/ui/download-link.tsx";
import { FileReportSummary } from "./file-report-summary.tsx";
import { ReturnForm } from "./return-form.tsx";
import { TeamCategoryMapping } from "./team-category-mapping.tsx";
import type { TeamMappingView } from "#app/lib/catalogue/team-mapping.ts";
import type { DateTimeFormatter } from "#app/lib/intl-formats.ts";

type Props = {
  info: IntegrationInfo;
  reports: Record<string, FileReport>;
  confirmFinish: boolean;
  returnResult: SubmissionResult<string[]> | null;
  dateFormat: DateTimeFormatter;
  /** The category mapping and the products still needing a fix, to return one on its own (null: not waiting). */
  returnables?: Returnables | null;
  /** The seller's category mapping, read-only (null: not asked). */
  categoryMapping?: TeamMappingView | "unavailable" | null;
};

/** One seller's hand-over: the facts, each file with its mapping and check, the returns so far, and finishing or returning it. */
export function IntegrationDetails({ info, reports, confirmFinish, returnResult, dateFormat, returnables = null, categoryMapping = null }: Props) {
  const { t } = useTranslation();
  const settings = info.uploadSettings;
  const waiting = info.state === "CATALOGUE_DATA_SUBMITTED";
  const screen = `/product-catalogue-integration?sellerId=${encodeURIComponent(info.sellerId)}`;
  const download = (fileId?: string) =>
    `/product-catalogue-integration/download?sellerId=${encodeURIComponent(info.sellerId)}${fileId ? `&fileId=${encodeURIComponent(fileId)}` : ""}`;
  const stateKey = integrationStateKey(
    info.state,
    info.returns.some((entry) => entry.resolvedAt === null),
  );
  return (
    <section aria-labelledby="integration-details" className="integration__details">
      <h2 id="integration-details">{t("catalogue.integration.details", { name: info.sellerName })}</h2>
      <dl className="integration__facts">
        <dt>{t("catalogue.integration.sellerId")}</dt>
        <dd>
          <code>{info.sellerId}</code> · <Link to={`/sellers/${encodeURIComponent(info.sellerId)}`}>{t("catalogue.integration.sellerPage")}</Link>
        </dd>
        <dt>{t("catalogue.integration.state")}</dt>
        <dd>
          {t(`catalogue.integration.states.${stateKey}`)} · {dateFormat.format(new Date(info.since))}
          <span className="integration__explain">{t(`catalogue.integration.stateExplain.${stateKey}`)}</span>
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
          <DownloadLink className="button button--secondary" href={download()}>
            {t("catalogue.integration.download")}
          </DownloadLink>
        </p>
      ) : null}
      {info.files.map((file) => (
        <IntegrationFileBlock
          key={file.id}
          file={file}
          download={download(file.id)}
          products={teamProductsHref(info.sellerId, file.id)}
          report={reports[file.id]}
        />
      ))}

      {categoryMapping ? <TeamCategoryMapping mapping={categoryMapping} /> : null}

      <ReturnsSection returns={info.returns} heading="h3" />

      {waiting ? (
        confirmFinish ? (
          <FinishConfirmation info={info} cancel={screen} />
        ) : (
          <>
            <section aria-labelledby="finish-mapping" className="integration__finish">
              <h3 id="finish-mapping">{t("catalogue.integration.finishTitle")}</h3>
              <p>{t("catalogue.integration.finishLead")}</p>
              <Link className="button button--primary" to={`${screen}&confirm=finish#finish-confirm`}>
                {t("catalogue.integration.finish")}
              </Link>
            </section>
            <ReturnForm info={info} lastResult={returnResult} returnables={returnables} />
          </>
        )
      ) : null}
    </section>
  );
}

/** One file for the catalogue team: its name as a download, its size, its column mapping, its check in brief and its products. */
export function IntegrationFileBlock({
  file,
  download,
  products,
  report,
}: {
  file: IntegrationFile;
  download: string;
  /** The file's products view for the team. */
  products: string;
  report: FileReport | undefined;
}) {
  const { t, i18n } = useTranslation();
  return (
    <div className="integration__file">
      <h3>
        <DownloadLink href={download} label={t("catalogue.integration.downloadFile", { name: file.fileName })}>
          {file.fileName}
        </DownloadLink>{" "}
        <span className="integration__size">({formatBytes(t, file.size, i18n.language)})</span>
      </h3>
      {file.headerMapping ? (
        <DataTable caption={<caption>{t("catalogue.integration.mappingOf")}</caption>} columns={[t("catalogue.mapping.column"), t("catalogue.mapping.field")]}>
          {Object.entries(file.headerMapping).map(([header, field]) => (
            <tr key={header}>
              <th scope="row">{header}</th>
              <td>{t(`catalogue.fields.${field}`)}</td>
            </tr>
          ))}
        </DataTable>
      ) : (
        <p>
          {t("catalogue.integration.noMapping")} <span className="integration__explain">{t("catalogue.integration.noMappingExplain")}</span>
        </p>
      )}
      <FileReportSummary analysis={report?.analysis ?? null} unavailable={report?.unavailable ?? false} />
      <p>
        <Link to={products} aria-label={t("catalogueProducts.filesNamed", { name: file.fileName })}>
          {t("catalogueProducts.files")}
        </Link>
      </p>
      {report?.corrections ? <TeamCorrections file={file} download={download} products={products} corrections={report.corrections} /> : null}
    </div>
  );
}

/** What the seller corrected in the browser: the corrected file, and the products left out with their reasons. */
function TeamCorrections({
  file,
  download,
  products,
  corrections,
}: {
  file: IntegrationFile;
  download: string;
  products: string;
  corrections: NonNullable<FileReport["corrections"]>;
}) {
  const { t } = useTranslation();
  const { changes, leftOut, leftOutCount } = corrections;
  if (changes === 0 && leftOutCount === 0) return null;
  return (
    <>
      {changes > 0 ? (
        <p>
          {t("catalogueProducts.team.corrected", { count: changes })}{" "}
          <DownloadLink href={`${download}&corrected=1`} label={t("catalogueProducts.team.downloadCorrected", { name: file.fileName })}>
            {t("catalogueProducts.corrected.download")}
          </DownloadLink>
        </p>
      ) : null}
      {leftOutCount > 0 ? (
        <DataTable
          caption={<caption>{t("catalogueProducts.team.leftOut", { count: leftOutCount })}</caption>}
          columns={[t("catalogueProducts.table.row"), t("catalogueProducts.table.sku"), t("catalogueProducts.table.title"), t("catalogueProducts.team.reason")]}
        >
          {leftOut.map((product) => (
            <tr key={product.row}>
              <th scope="row">{product.row}</th>
              <td>{product.sku}</td>
              <td>{product.title}</td>
              <td>{product.reason}</td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      {leftOutCount > leftOut.length ? (
        <p>
          <Link to={`${products}&status=LEFT_OUT`}>{t("catalogueProducts.team.allLeftOut", { count: leftOutCount })}</Link>
        </p>
      ) : null}
    </>
  );
}

/** The integration screen's name for where a seller stands: a seller back to editing is one the team returned the catalogue to. */
export function integrationStateKey(state: IntegrationInfo["state"], returnOpen: boolean): string {
  return state === "ONBOARDING" && returnOpen ? "RETURNED" : state;
}

/** Finishing the mapping, asked once more: what it does, and a way out. */
function FinishConfirmation({ info, cancel }: { info: IntegrationInfo; cancel: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const finishing = navigation.state === "submitting" && navigation.formData?.get("intent") === "finish";
  return (
    <section aria-labelledby="finish-confirm-title" id="finish-confirm" className="integration__finish staff-confirm">
      <h3 id="finish-confirm-title">{t("catalogue.integration.confirmTitle", { name: info.sellerName })}</h3>
      <p>{t("catalogue.integration.confirmBody", { name: info.sellerName, count: info.files.length })}</p>
      <Form method="post" className="integration__confirm-actions">
        <input type="hidden" name="intent" value="finish" />
        <input type="hidden" name="sellerId" value={info.sellerId} />
        <button type="submit" className="button button--primary" disabled={finishing} aria-busy={finishing || undefined}>
          {finishing ? t("catalogue.integration.finishing") : t("catalogue.integration.confirm")}
        </button>
        <Link className="button button--secondary" to={cancel}>
          {t("catalogue.integration.cancel")}
        </Link>
      </Form>
    </section>
  );
}
