import type { CompanyChange } from "#contract/company-changes.ts";
import type { LegalDocument, SellerDetails, Warehouse } from "#contract/home.ts";
import type { ReactNode } from "react";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Form, Link, useNavigation } from "react-router";
import { changeFormPath, pagePath } from "#app/lib/home/my-company-changes.ts";
import { registrationKinds } from "#contract/registration-kinds.ts";
import { useCompanyFormat } from "#app/lib/home/my-company-format.ts";
import { ChangeStatus } from "./change-status.tsx";

export type OnRecord = {
  bankAccount: { accountHolder: string; bic: string; ibanEnd: string } | null;
  company: Omit<SellerDetails, "bankAccount">;
  warehouse: Warehouse | null;
  document: LegalDocument | null;
};

type Row = { label: string; now: ReactNode; after: ReactNode; changed: boolean };

/** Each thing the change touches: what is on record now and what it will be. */
function useRows(change: CompanyChange, onRecord: OnRecord): Row[] {
  const { t } = useTranslation();
  const format = useCompanyFormat();
  const row = (label: string, now: string | null | undefined, after: string | null | undefined): Row => ({
    label,
    now: now || t("myCompany.notOnRecord"),
    after: after || t("myCompany.notOnRecord"),
    changed: (now ?? "") !== (after ?? ""),
  });
  switch (change.kind) {
    case "BANK_ACCOUNT": {
      const bank = onRecord.bankAccount;
      return [
        row(t("myCompany.bankAccount.holder"), bank?.accountHolder, change.values.accountHolder),
        {
          label: t("myCompany.bankAccount.iban"),
          now: bank ? t("myCompany.changes.ibanEnding", { end: bank.ibanEnd }) : "—",
          after: change.values.ibanMasked,
          changed: true,
        },
        row(t("myCompany.bankAccount.bic"), bank?.bic, change.values.bic),
      ];
    }
    case "COMPANY_DATA": {
      const now = onRecord.company;
      const after = change.values;
      return [
        row(t("myCompany.companyInfo.name"), now.companyName, after.companyName),
        row(t("myCompany.companyInfo.legalForm"), format.legalForm(now.legalForm), format.legalForm(after.legalForm)),
        row(t("myCompany.address"), format.address(now.registeredAddress), format.address(after.registeredAddress)),
        row(t("myCompany.companyInfo.vatId"), now.vatId, after.vatId),
        row(t("myCompany.companyInfo.taxNumber"), now.taxNumber, after.taxNumber),
        row(t("myCompany.companyInfo.registerCourt"), now.registerCourt, after.registerCourt),
        row(t("myCompany.companyInfo.register"), now.commercialRegisterNumber, after.commercialRegisterNumber),
        row(t("myCompany.companyInfo.email"), now.contactEmail, after.contactEmail),
        row(t("myCompany.companyInfo.phone"), now.phone, after.phone),
      ];
    }
    case "WAREHOUSE": {
      const now = onRecord.warehouse;
      const after = change.values;
      return [
        row(t("myCompany.fields.name"), now?.name, after.name),
        row(t("myCompany.address"), now && format.address(now.address), format.address(after.address)),
        row(t("myCompany.logistics.contact"), now?.contactPerson, after.contactPerson),
        row(
          t("myCompany.logistics.handlingTime"),
          now && t("myCompany.logistics.days", { count: now.handlingTimeDays }),
          t("myCompany.logistics.days", { count: after.handlingTimeDays }),
        ),
        row(t("myCompany.logistics.cutOff"), now?.cutOffTime, after.cutOffTime),
      ];
    }
    case "LEGAL_DOCUMENT": {
      const now = onRecord.document;
      return [
        {
          label: t("myCompany.legalDocuments.document"),
          now: t(`myCompany.legalDocuments.kinds.${change.target}`),
          after: t(`myCompany.legalDocuments.kinds.${change.target}`),
          changed: false,
        },
        {
          label: t("myCompany.legalDocuments.file"),
          now: now ? t("myCompany.changes.documentOnRecord", { file: now.fileName, date: format.date(now.uploadedAt) }) : t("myCompany.notOnRecord"),
          after: t("myCompany.changes.newDocument", {
            file: change.values.fileName,
            size: format.size(change.values.size),
            type: format.documentType(change.values.contentType),
          }),
          changed: true,
        },
        ...(change.values.expiryDate
          ? [
              {
                label: t("myCompany.fields.expiryDate"),
                now: now?.expiryDate ? format.date(now.expiryDate) : t("myCompany.notOnRecord"),
                after: format.date(change.values.expiryDate),
                changed: true,
              },
            ]
          : []),
      ];
    }
    case "REGISTRATIONS": {
      const onRecordNumbers = onRecord.company.registrations?.numbers ?? [];
      const kinds = registrationKinds.filter(
        (kind) => change.values.registrations.some((entry) => entry.kind === kind) || onRecordNumbers.some((entry) => entry.kind === kind),
      );
      return kinds.map((kind) => {
        const now = onRecordNumbers.find((entry) => entry.kind === kind)?.registrationNumber ?? null;
        const after = change.values.registrations.find((entry) => entry.kind === kind)?.registrationNumber ?? null;
        const answer = change.values.confirmations.find((confirmation) => confirmation.kind === kind);
        return {
          label: t("myCompany.registrations.number", { kind: t(`onboarding.registrations.kinds.${kind}`) }),
          now: now ?? t("myCompany.notOnRecord"),
          after: after
            ? answer
              ? `${after} (${t(`onboarding.registrations.result.${answer.result}`, { holder: answer.holderName ?? "" })})`
              : after
            : t("myCompany.notOnRecord"),
          changed: now !== after,
        };
      });
    }
  }
}

/**
 * A change checked before it goes ("check your answers"): each thing it
 * touches, now and after, with a way back to the form; then confirm (it goes
 * to the marketplace, which decides) or discard. Once sent, where it stands.
 */
export function ChangeReview({ change, onRecord, mayConfirm }: { change: CompanyChange; onRecord: OnRecord; mayConfirm: boolean }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const rows = useRows(change, onRecord);
  const draft = change.status === "DRAFT";
  const unchanged = rows.every((row) => !row.changed);
  const formPath = changeFormPath(change.kind, change.target);
  return (
    <>
      <ChangeStatus change={change} />
      <dl className="change-summary" aria-label={t("myCompany.changes.summaryLabel")}>
        {rows.map((row) => (
          <div key={row.label} className={row.changed ? "change-summary__row change-summary__row--changed" : "change-summary__row"}>
            <dt>{row.label}</dt>
            <dd>
              <span className="change-summary__after">{row.after}</span>
              {row.changed ? (
                <span className="change-summary__now">
                  {t("myCompany.changes.onRecordNow")} {row.now}
                </span>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
      {draft && mayConfirm ? (
        <>
          <p id="confirm-lead" className={unchanged ? "notice" : undefined}>
            {unchanged ? t("myCompany.changes.unchanged") : t(`myCompany.changes.kinds.${change.kind}.next`)}
          </p>
          <Form method="post" className="change-actions">
            {/* A change that changes nothing is not sent: change it or discard it. */}
            {unchanged ? null : (
              <button
                type="submit"
                name="intent"
                value="submit"
                className="button button--primary"
                aria-describedby="confirm-lead"
                aria-disabled={busy || undefined}
              >
                {t("myCompany.changes.confirm")}
              </button>
            )}
            <Link to={`${formPath}${formPath.includes("?") ? "&" : "?"}draft=${encodeURIComponent(change.id)}`} className="button button--secondary">
              {t("myCompany.changes.change")}
            </Link>
            <button type="submit" name="intent" value="discard" className="button button--secondary" aria-disabled={busy || undefined}>
              {t("myCompany.changes.discard")}
            </button>
          </Form>
        </>
      ) : draft ? (
        <p className="notice">{t("myCompany.changes.refusedWhileActingAsSeller")}</p>
      ) : null}
      <p>
        <Link to={pagePath(change.kind)}>{t("myCompany.changes.backTo", { page: t(`myCompany.pages.${change.kind}`) })}</Link>
      </p>
    </>
  );
}
