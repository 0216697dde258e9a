import { useTranslation } from "react-i18next";
import { authorize } from "~/features/shell/authorize.server";
import { companyInfoLoader } from "~/features/home/company.server";
import type { Route } from "./+types/my-company-company-info";

export const middleware = [authorize({ rule: "sellerAdministrator" })];

export async function loader(args: Route.LoaderArgs) {
  return companyInfoLoader(args);
}

/** The company as the marketplace has it on record. */
export default function CompanyInfo({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { company } = loaderData;
  const missing = t("myCompany.notOnRecord");
  return (
    <section aria-labelledby="company-info-title">
      <h1 id="company-info-title">{t("myCompany.companyInfo.title")}</h1>
      <dl className="facts company-card">
        <dt>{t("myCompany.companyInfo.name")}</dt>
        <dd>{company.companyName}</dd>
        <dt>{t("myCompany.companyInfo.legalForm")}</dt>
        <dd>{company.legalForm}</dd>
        <dt>{t("myCompany.companyInfo.vatId")}</dt>
        <dd>{company.vatId ?? missing}</dd>
        <dt>{t("myCompany.companyInfo.register")}</dt>
        <dd>{company.commercialRegisterNumber ?? missing}</dd>
        <dt>{t("myCompany.address")}</dt>
        <dd>
          {company.registeredAddress.street}, {company.registeredAddress.postalCode} {company.registeredAddress.city}, {company.registeredAddress.country}
        </dd>
        <dt>{t("myCompany.companyInfo.email")}</dt>
        <dd>{company.contactEmail}</dd>
        <dt>{t("myCompany.companyInfo.phone")}</dt>
        <dd>{company.phone ?? missing}</dd>
      </dl>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Company"} · Seller Portal` }];
