import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { NavLink, Outlet } from "react-router";
import { myCompanyPages, type MyCompanyPage } from "#app/lib/home/my-company-pages.ts";
import { pageMessages, type MessagesHandle } from "#app/lib/i18n/page-messages.ts";
import { routeComponent } from "#app/lib/route-component.ts";

export const handle = { i18n: ["myCompany", "team"] } satisfies MessagesHandle;
export const clientMiddleware = [pageMessages(handle)];

const PAGE_KEYS: Record<MyCompanyPage, string> = {
  logistics: "myCompany.logistics.title",
  "bank-account": "myCompany.bankAccount.title",
  "company-info": "myCompany.companyInfo.title",
  "legal-documents": "myCompany.legalDocuments.title",
};

/** My company's four pages under one sub-menu (with the colleagues page beside them), and the changes of them. Guarded by each page's rule (administrators only). */
function MyCompanyLayout() {
  const { t } = useTranslation();
  return (
    <div className="my-company">
      <nav aria-label={t("myCompany.title")} className="analytics-tabs">
        <ul>
          {myCompanyPages.map((page) => (
            <li key={page}>
              <NavLink to={`/home/my-company/${page}`}>{t(PAGE_KEYS[page])}</NavLink>
            </li>
          ))}
          <li>
            <NavLink to="/team">{t("team.title")}</NavLink>
          </li>
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}

export default routeComponent(MyCompanyLayout);
