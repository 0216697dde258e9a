import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { logisticsLoader } from "#app/services/home/company.server.ts";
import { ChangeNotices, StartChange } from "#app/components/home/change-notices.tsx";
import { useCompanyFormat } from "#app/lib/home/my-company-format.ts";
import type { Route } from "./+types/my-company-logistics";
import { pageMessages, type MessagesHandle } from "#app/lib/i18n/page-messages.ts";
import { routeComponent } from "#app/lib/route-component.ts";

export const handle = { i18n: ["onboarding"] } satisfies MessagesHandle;
export const clientMiddleware = [pageMessages(handle)];

export const middleware = [authorize({ rule: "sellerAdministrator" })];

export async function loader(args: Route.LoaderArgs) {
  return logisticsLoader(args);
}

/** The seller's warehouses and how each fared in its last validation; a failed one is corrected and validated again. */
function Logistics({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useCompanyFormat();
  const { warehouses, changes } = loaderData;
  return (
    <section aria-labelledby="logistics-title">
      <h1 id="logistics-title">{t("myCompany.logistics.title")}</h1>
      {warehouses.map(({ warehouse, validation }) => (
        <article key={warehouse.id} className="company-card" aria-labelledby={`warehouse-${warehouse.id}`}>
          <h2 id={`warehouse-${warehouse.id}`}>{warehouse.name}</h2>
          <ChangeNotices changes={changes} kind="WAREHOUSE" target={warehouse.id} />
          <dl className="facts">
            <dt>{t("myCompany.address")}</dt>
            <dd>{format.address(warehouse.address)}</dd>
            <dt>{t("myCompany.logistics.contact")}</dt>
            <dd>{warehouse.contactPerson}</dd>
            <dt>{t("myCompany.logistics.handlingTime")}</dt>
            <dd>{t("myCompany.logistics.days", { count: warehouse.handlingTimeDays })}</dd>
            <dt>{t("myCompany.logistics.cutOff")}</dt>
            <dd>{warehouse.cutOffTime}</dd>
            <dt>{t("myCompany.logistics.lastValidation")}</dt>
            <dd>
              {validation ? (
                <>
                  <span className={`status status--${validation.result.toLowerCase()}`}>{t(`myCompany.logistics.results.${validation.result}`)}</span>{" "}
                  {t(validation.result === "PENDING" ? "myCompany.logistics.pendingSince" : "myCompany.logistics.validatedAt", {
                    time: format.dateTime(validation.validatedAt),
                  })}
                  {validation.findings.length ? (
                    <ul>
                      {validation.findings.map((finding) => (
                        <li key={finding}>{finding}</li>
                      ))}
                    </ul>
                  ) : null}
                </>
              ) : (
                t("myCompany.logistics.validationUnavailable")
              )}
            </dd>
          </dl>
          <StartChange
            changes={changes}
            kind="WAREHOUSE"
            target={warehouse.id}
            refused={false}
            primary={validation?.result === "FAILED"}
            label={t(validation?.result === "FAILED" ? "myCompany.logistics.correct" : "myCompany.logistics.change", { name: warehouse.name })}
          />
        </article>
      ))}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Logistics"} · Seller Portal` }];

export default routeComponent(Logistics);
