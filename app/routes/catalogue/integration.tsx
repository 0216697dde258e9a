import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Link } from "react-router";
import { CatalogueErrorView } from "#app/components/catalogue/error-view.tsx";
import { ErrorSummary } from "#app/components/catalogue/form-errors.tsx";
import { IntegrationDetails, integrationStateKey } from "#app/components/catalogue/integration-details.tsx";
import { IntegrationUpdateDetails, SellerUpdatesSection, WaitingUpdatesSection } from "#app/components/catalogue/integration-updates.tsx";
import { integrationAction, loadIntegration } from "#app/services/catalogue/integration.server.ts";
import { OutcomeNotice } from "#app/components/ui/outcome-notice.tsx";
import { authorize } from "#app/services/session/authorize.server.ts";
import { DataTable } from "#app/components/ui/data-table.tsx";
import type { Route } from "./+types/integration";
import { dateTimeFormat } from "#app/lib/intl-formats.ts";
import { pageMessages, type MessagesHandle } from "#app/lib/i18n/page-messages.ts";
import { routeComponent } from "#app/lib/route-component.ts";

export const handle = {
  i18n: [
    "catalogue",
    "catalogueCategories",
    "catalogueIntelligence",
    "catalogueProducts",
    "catalogueReading",
    "catalogueReturn",
    "catalogueUpdates",
    "form",
    "onboarding",
    "sellerPage",
    "staff",
    "staffOutcome",
  ],
} satisfies MessagesHandle;
export const clientMiddleware = [pageMessages(handle)];

export const middleware = [authorize({ rule: "catalogueIntegration" })];

export function loader(args: Route.LoaderArgs) {
  return loadIntegration(args, args.url);
}

export function action(args: Route.ActionArgs) {
  return integrationAction(args);
}

/**
 * The catalogue team's screen: who handed a catalogue over, its details and files, and finishing the mapping or
 * returning it; beside them the active sellers' catalogue updates, each taken into the live catalogue or returned.
 */
function ProductCatalogueIntegration({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const {
    sellers,
    waitingUpdates,
    info,
    sellerId,
    updatesOfSeller,
    updatesFailure,
    updateId,
    update,
    reports,
    returnables,
    categoryMapping,
    updateReports,
    confirmFinish,
    confirmProcess,
    outcome,
  } = loaderData;
  const dateFormat = dateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: "UTC" });
  const states = ["CATALOGUE_DATA_SUBMITTED", "RETURNED", "CATALOGUE_DATA_MAPPING_FINISHED"] as const;
  return (
    <article className="integration">
      <h1>{t("catalogue.integration.title")}</h1>
      <p>{t("catalogue.integration.lead")}</p>
      <OutcomeNotice outcome={outcome} />
      <ErrorSummary items={[]} upstream={actionData && "upstreamFailure" in actionData ? actionData.upstreamFailure : null} />
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
                <td>{t(`catalogue.integration.states.${integrationStateKey(seller.state, seller.returnOpen)}`)}</td>
                <td>{dateFormat.format(new Date(seller.since))}</td>
                <td>{seller.fileCount}</td>
              </tr>
            ))}
          </DataTable>
        )}
        <dl className="integration__legend">
          {states.map((state) => (
            <div key={state}>
              <dt>{t(`catalogue.integration.states.${state}`)}</dt>
              <dd>{t(`catalogue.integration.stateExplain.${state}`)}</dd>
            </div>
          ))}
        </dl>
      </section>
      <WaitingUpdatesSection updates={waitingUpdates} failure={updatesFailure} />
      {sellerId && !info && !updatesFailure && !updatesOfSeller?.length ? (
        <p className="notice" role="status">
          {t(updatesOfSeller ? "catalogueUpdates.team.nothingForTeam" : "catalogue.integration.unknownSeller")}
        </p>
      ) : null}
      {!info && updatesOfSeller?.length ? <SellerUpdatesSection updates={updatesOfSeller} /> : null}
      {updateId && !update ? (
        <p className="notice" role="status">
          {t("catalogueUpdates.team.unknownUpdate")}
        </p>
      ) : null}
      {update ? (
        <IntegrationUpdateDetails
          update={update}
          reports={updateReports}
          confirmProcess={confirmProcess}
          returnResult={actionData?.intent === "returnUpdate" ? actionData.result : null}
        />
      ) : null}
      {info ? (
        <IntegrationDetails
          info={info}
          reports={reports}
          confirmFinish={confirmFinish}
          returnResult={actionData?.intent === "return" ? actionData.result : null}
          dateFormat={dateFormat}
          returnables={returnables}
          categoryMapping={categoryMapping}
        />
      ) : null}
    </article>
  );
}

export function ErrorBoundary() {
  return <CatalogueErrorView />;
}

export const meta: Route.MetaFunction = () => [{ title: "Catalogue integration · Seller Portal" }];

export default routeComponent(ProductCatalogueIntegration);
