import { Fragment } from "react";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import { companyInfoLoader } from "#app/services/home/company.server.ts";
import { ChangeNotices, StartChange } from "#app/components/home/change-notices.tsx";
import { useCompanyFormat } from "#app/lib/home/my-company-format.ts";
import type { Route } from "./+types/my-company-company-info";
import { pageMessages, type MessagesHandle } from "#app/lib/i18n/page-messages.ts";
import { routeComponent } from "#app/lib/route-component.ts";

export const handle = { i18n: ["onboarding"] } satisfies MessagesHandle;
export const clientMiddleware = [pageMessages(handle)];

export const middleware = [authorize({ rule: "sellerAdministrator" })];

export async function loader(args: Route.LoaderArgs) {
  return companyInfoLoader(args);
}

/** The company as the marketplace has it on record; a change of it goes through a confirmed change. */
function CompanyInfo({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useCompanyFormat();
  const { company, changes } = loaderData;
  const missing = t("myCompany.notOnRecord");
  return (
    <section aria-labelledby="company-info-title">
      <h1 id="company-info-title">{t("myCompany.companyInfo.title")}</h1>
      <ChangeNotices changes={changes} kind="COMPANY_DATA" />
      <dl className="facts company-card">
        <dt>{t("myCompany.companyInfo.name")}</dt>
        <dd>{company.companyName}</dd>
        <dt>{t("myCompany.companyInfo.legalForm")}</dt>
        <dd>{format.legalForm(company.legalForm)}</dd>
        <dt>{t("myCompany.companyInfo.vatId")}</dt>
        <dd>{company.vatId ?? missing}</dd>
        <dt>{t("myCompany.companyInfo.taxNumber")}</dt>
        <dd>{company.taxNumber ?? missing}</dd>
        <dt>{t("myCompany.companyInfo.registerCourt")}</dt>
        <dd>{company.registerCourt ?? missing}</dd>
        <dt>{t("myCompany.companyInfo.register")}</dt>
        <dd>{company.commercialRegisterNumber ?? missing}</dd>
        <dt>{t("myCompany.address")}</dt>
        <dd>{format.address(company.registeredAddress)}</dd>
        <dt>{t("myCompany.companyInfo.email")}</dt>
        <dd>{company.contactEmail}</dd>
        <dt>{t("myCompany.companyInfo.phone")}</dt>
        <dd>{company.phone ?? missing}</dd>
      </dl>
      <StartChange changes={changes} kind="COMPANY_DATA" refused={false} label={t("myCompany.changes.kinds.COMPANY_DATA.start")} />

      <section aria-labelledby="registrations-title" className="company-registrations">
        <h2 id="registrations-title">{t("myCompany.registrations.title")}</h2>
        <ChangeNotices changes={changes} kind="REGISTRATIONS" />
        {company.registrations ? (
          <dl className="facts company-card">
            {company.registrations.numbers.map((entry) => (
              <Fragment key={entry.kind}>
                <dt>{t("myCompany.registrations.number", { kind: t(`onboarding.registrations.kinds.${entry.kind}`) })}</dt>
                <dd data-registration={entry.kind}>{entry.registrationNumber ?? missing}</dd>
              </Fragment>
            ))}
          </dl>
        ) : (
          <p>{t("myCompany.registrations.unavailable")}</p>
        )}
        <StartChange changes={changes} kind="REGISTRATIONS" refused={false} label={t("myCompany.changes.kinds.REGISTRATIONS.start")} />
      </section>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Company"} · Seller Portal` }];

export default routeComponent(CompanyInfo);
