import type { VatConfirmation } from "#contract/vat-confirmation.ts";
import { vatCheckedFields, vatConfirmationBlocks } from "#contract/vat-confirmation-kinds.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { dateTimeFormat, PORTAL_TIME_ZONE } from "#app/lib/intl-formats.ts";

/** The headline of a confirmation: valid, valid with a detail that differs, not valid (and since or until when), or to be confirmed. */
function headlineKey(confirmation: VatConfirmation): string {
  if (confirmation.state === "TO_BE_CONFIRMED") return `onboarding.vat.state.TO_BE_CONFIRMED_${confirmation.service}`;
  if (confirmation.state === "NOT_VALID") {
    if (confirmation.validUntil) return "onboarding.vat.state.NOT_VALID_UNTIL";
    if (confirmation.validFrom) return "onboarding.vat.state.NOT_VALID_FROM";
    return "onboarding.vat.state.NOT_VALID";
  }
  return vatConfirmationBlocks(confirmation) ? "onboarding.vat.state.MISMATCH" : "onboarding.vat.state.CONFIRMED";
}

/**
 * The VAT id's confirmation at its source: what the service said of the id,
 * and of each detail (company name, street, postcode, town) whether it
 * matches, does not match or was not given; for a result to act on, what to
 * do. The seller's company-information step and the staff seller page show it.
 */
export function VatConfirmationResult({ confirmation, forStaff = false }: { confirmation: VatConfirmation; forStaff?: boolean }) {
  const { t, i18n } = useTranslation();
  const day = dateTimeFormat(i18n.language, { dateStyle: "long", timeZone: PORTAL_TIME_ZONE });
  const date = (value: string | null) => {
    const parsed = value ? new Date(value) : null;
    return parsed && !Number.isNaN(parsed.getTime()) ? day.format(parsed) : (value ?? "");
  };
  const blocks = vatConfirmationBlocks(confirmation);
  const open = confirmation.state === "TO_BE_CONFIRMED";
  const checked = confirmation.state === "CONFIRMED";
  return (
    <div
      className={`notice vat-confirmation${blocks ? " vat-confirmation--action" : ""}`}
      id="vat-confirmation"
      data-vat-state={confirmation.state}
      role={blocks ? "alert" : "status"}
    >
      <p className="vat-confirmation__headline">
        <strong>
          {t(headlineKey(confirmation), {
            vatId: confirmation.requested.vatId,
            date: date(confirmation.state === "NOT_VALID" ? (confirmation.validUntil ?? confirmation.validFrom) : null),
          })}
        </strong>
      </p>
      {open ? null : <p className="hint">{t(`onboarding.vat.checkedBy.${confirmation.service}`, { date: date(confirmation.checkedAt) })}</p>}
      {checked ? (
        <table className="vat-confirmation__fields">
          <caption>{t("onboarding.vat.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("onboarding.vat.detail")}</th>
              <th scope="col">{t("onboarding.vat.resultHeading")}</th>
            </tr>
          </thead>
          <tbody>
            {vatCheckedFields.map((field) => (
              <tr key={field} data-vat-field={field} data-vat-result={confirmation.fields[field]}>
                <th scope="row">{t(`onboarding.vat.fields.${field}`)}</th>
                <td className={confirmation.fields[field] === "NO_MATCH" ? "vat-confirmation__no-match" : undefined}>
                  {t(`onboarding.vat.result.${confirmation.fields[field]}`)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {blocks ? (
        <p>
          {forStaff ? null : <>{t(confirmation.state === "NOT_VALID" ? "onboarding.vat.fix.NOT_VALID" : "onboarding.vat.fix.NO_MATCH")} </>}
          {t("onboarding.vat.beforeHandOver")}
        </p>
      ) : null}
      {forStaff && confirmation.statusCode ? (
        <p className="hint">
          {t(`onboarding.vat.service.${confirmation.service}`)} · <code>{confirmation.statusCode}</code>
        </p>
      ) : null}
    </div>
  );
}
