import type { CompanyChange } from "#contract/company-changes.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { useCompanyFormat } from "#app/lib/home/my-company-format.ts";

/*
 * Apart from the review (change-review.tsx), which only its page needs: my company's pages show where their latest
 * change stands (change-notices.tsx) and load no more (ADR 037).
 */

/** Where a change stands, in words: a draft to check, sent and waiting, confirmed, or not accepted (with the reason). */
export function ChangeStatus({ change }: { change: CompanyChange }) {
  const { t } = useTranslation();
  const { dateTime } = useCompanyFormat();
  switch (change.status) {
    case "DRAFT":
      return <p className="notice">{t("myCompany.changes.status.DRAFT")}</p>;
    case "PENDING":
      return (
        <p className="notice" role="status">
          <strong className="status status--pending">{t("myCompany.changes.statusName.PENDING")}</strong>{" "}
          {t("myCompany.changes.status.PENDING", { date: dateTime(change.submittedAt!) })} {t(`myCompany.changes.kinds.${change.kind}.next`)}
        </p>
      );
    case "CONFIRMED":
      return (
        <p className="notice" role="status">
          <strong className="status status--passed">{t("myCompany.changes.statusName.CONFIRMED")}</strong>{" "}
          {t("myCompany.changes.status.CONFIRMED", { date: dateTime(change.decidedAt!) })}
        </p>
      );
    case "REJECTED":
      return (
        <p className="notice notice--error" role="status">
          <strong className="status status--failed">{t("myCompany.changes.statusName.REJECTED")}</strong>{" "}
          {t("myCompany.changes.status.REJECTED", { date: dateTime(change.decidedAt!), reason: change.reason ?? "" })}
        </p>
      );
  }
}
