import type { CompanyChange, CompanyChangeKind } from "#contract/company-changes.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Link } from "react-router";
import { ChangeStatus } from "./change-status.tsx";
import { changeFormPath, changePath, latestSent } from "#app/lib/home/my-company-changes.ts";

/**
 * What a page of my company says about changes of one thing: the latest one
 * sent while it waits or when it was not accepted, and a draft not sent
 * yet. `changes` null: the service could not say (the page stands).
 */
export function ChangeNotices({ changes, kind, target = null }: { changes: CompanyChange[] | null; kind: CompanyChangeKind; target?: string | null }) {
  const { t } = useTranslation();
  if (changes === null) return <p className="notice">{t("myCompany.changes.unavailable")}</p>;
  const sent = latestSent(changes, kind, target);
  const draft = changes.find((change) => change.kind === kind && change.target === target && change.status === "DRAFT");
  return (
    <>
      {sent && (sent.status === "PENDING" || sent.status === "REJECTED") ? (
        <div className="change-notice">
          <ChangeStatus change={sent} />
          {sent.kind === "BANK_ACCOUNT" ? (
            <p>{t("myCompany.changes.newAccount", { holder: sent.values.accountHolder, iban: sent.values.ibanMasked })}</p>
          ) : null}
          <p>
            <Link to={changePath(sent.id)}>{t("myCompany.changes.seeChange")}</Link>
          </p>
        </div>
      ) : null}
      {draft ? (
        <p className="notice">
          {t("myCompany.changes.draftWaiting")} <Link to={changePath(draft.id)}>{t("myCompany.changes.reviewDraft")}</Link>
        </p>
      ) : null}
    </>
  );
}

/** The way to start a change of one thing, unless one waits for the marketplace or this user may not make it (said instead). */
export function StartChange({
  changes,
  kind,
  target = null,
  refused,
  label,
  primary = false,
}: {
  changes: CompanyChange[] | null;
  kind: CompanyChangeKind;
  target?: string | null;
  refused: boolean;
  label: string;
  primary?: boolean;
}) {
  const { t } = useTranslation();
  if (refused) return <p className="field__hint">{t("myCompany.changes.refusedWhileActingAsSeller")}</p>;
  if (changes?.some((change) => change.kind === kind && change.target === target && change.status === "PENDING")) return null;
  return (
    <p>
      <Link to={changeFormPath(kind, target)} className={primary ? "button button--primary" : "button button--secondary"}>
        {label}
      </Link>
    </p>
  );
}
