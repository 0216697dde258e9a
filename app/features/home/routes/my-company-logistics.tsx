import { useTranslation } from "react-i18next";
import { authorize } from "~/features/shell/authorize.server";
import { logisticsLoader } from "~/features/home/company.server";
import type { Route } from "./+types/my-company-logistics";

export const middleware = [authorize({ rule: "sellerAdministrator" })];

export async function loader(args: Route.LoaderArgs) {
  return logisticsLoader(args);
}

/** The seller's warehouses and how each fared in its last validation. */
export default function Logistics({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  return (
    <section aria-labelledby="logistics-title">
      <h1 id="logistics-title">{t("myCompany.logistics.title")}</h1>
      {loaderData.warehouses.map(({ warehouse, validation }) => (
        <article key={warehouse.id} className="company-card" aria-labelledby={`warehouse-${warehouse.id}`}>
          <h2 id={`warehouse-${warehouse.id}`}>{warehouse.name}</h2>
          <dl className="facts">
            <dt>{t("myCompany.address")}</dt>
            <dd>
              {warehouse.address.street}, {warehouse.address.postalCode} {warehouse.address.city}, {warehouse.address.country}
            </dd>
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
                  {t("myCompany.logistics.validatedAt", { time: `${dateTime.format(new Date(validation.validatedAt))} UTC` })}
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
        </article>
      ))}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Logistics"} · Seller Portal` }];
