import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Link } from "react-router";
import { BankAccountForm, CompanyDataForm, LegalDocumentForm, WarehouseForm } from "#app/components/home/change-forms.tsx";
import { changeKindOf, changePath, pagePath } from "#app/lib/home/my-company-changes.ts";
import { changeFormAction, changeFormLoader } from "#app/services/home/my-company-changes.server.ts";
import { authorize } from "#app/services/session/authorize.server.ts";
import type { Route } from "./+types/my-company-change";
import { dateTimeFormat } from "#app/lib/intl-formats.ts";

/** Every change form of my company: which one is the route's pattern (app/routes.ts, changes.ts). */
export const middleware = [authorize({ rule: "sellerAdministrator" })];

function kindOf({ pattern }: { pattern: string }) {
  const kind = changeKindOf(pattern);
  if (!kind) throw new Response("Not Found", { status: 404 });
  return kind;
}

export async function loader(args: Route.LoaderArgs) {
  return changeFormLoader(args, kindOf(args));
}

export async function action(args: Route.ActionArgs) {
  return changeFormAction(args, kindOf(args));
}

/** A change's form; a change of the same thing under way, or one this user may not make, is said instead. */
export default function MyCompanyChange({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { kind, warehouseName, findings, defaults, draftId, pending, refused, documentKinds } = loaderData;
  const props = { defaults, result: actionData?.result, replaces: draftId };
  const date = dateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  return (
    <section aria-labelledby="change-title" className="company-change">
      <h1 id="change-title">{t(`myCompany.changes.kinds.${kind}.formTitle`, { name: warehouseName ?? "" })}</h1>
      <p className="lead">{t(`myCompany.changes.kinds.${kind}.formLead`)}</p>
      {refused ? (
        <p className="notice" role="status">
          {t("myCompany.changes.refusedInSubstitution")}{" "}
          <Link to={pagePath(kind)}>{t("myCompany.changes.backTo", { page: t(`myCompany.pages.${kind}`) })}</Link>
        </p>
      ) : pending ? (
        <p className="notice" role="status">
          {t("myCompany.changes.pendingAlready", { date: date.format(new Date(pending.submittedAt ?? pending.createdAt)) })}{" "}
          <Link to={changePath(pending.id)}>{t("myCompany.changes.seeChange")}</Link>
        </p>
      ) : (
        <>
          {findings.length > 0 ? (
            <div className="notice notice--error">
              <h2 className="notice__title">{t("myCompany.changes.findingsTitle")}</h2>
              <ul>
                {findings.map((finding) => (
                  <li key={finding}>{finding}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {kind === "BANK_ACCOUNT" ? <BankAccountForm {...props} /> : null}
          {kind === "COMPANY_DATA" ? <CompanyDataForm {...props} /> : null}
          {kind === "WAREHOUSE" ? <WarehouseForm {...props} /> : null}
          {kind === "LEGAL_DOCUMENT" ? <LegalDocumentForm {...props} documentKinds={documentKinds} /> : null}
        </>
      )}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "My company"} · Seller Portal` }];
