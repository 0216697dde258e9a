import type { RegistrationConfirmation } from "#contract/registrations.ts";
import { registrationBlocks } from "#contract/registration-kinds.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { dateTimeFormat, PORTAL_TIME_ZONE } from "#app/lib/intl-formats.ts";

/** What the register said of a number, in words: held by the company, by another (named), not found, deregistered (since), to be confirmed. */
function resultText(
  t: (key: string, values?: Record<string, string>) => string,
  confirmation: RegistrationConfirmation,
  date: (value: string | null) => string,
) {
  switch (confirmation.result) {
    case "OTHER_HOLDER":
      return confirmation.holderName
        ? t("onboarding.registrations.result.OTHER_HOLDER", { holder: confirmation.holderName })
        : t("onboarding.registrations.result.OTHER_HOLDER_UNNAMED");
    case "DEREGISTERED":
      return confirmation.deregisteredOn
        ? t("onboarding.registrations.result.DEREGISTERED_ON", { date: date(confirmation.deregisteredOn) })
        : t("onboarding.registrations.result.DEREGISTERED");
    default:
      return t(`onboarding.registrations.result.${confirmation.result}`);
  }
}

/**
 * Each registration the law requires, as its register answered: the number,
 * and whether the register has it held by this company, by another, not at
 * all, deregistered, or is still to be asked; for a result to act on, what
 * to do. The seller's company-information step and the staff seller page show it.
 */
export function RegistrationConfirmationsResult({
  confirmations,
  forStaff = false,
}: {
  confirmations: readonly RegistrationConfirmation[];
  forStaff?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const day = dateTimeFormat(i18n.language, { dateStyle: "long", timeZone: PORTAL_TIME_ZONE });
  const date = (value: string | null) => {
    const parsed = value ? new Date(value) : null;
    return parsed && !Number.isNaN(parsed.getTime()) ? day.format(parsed) : (value ?? "");
  };
  const blocks = confirmations.some(registrationBlocks);
  return (
    <div className={`notice vat-confirmation${blocks ? " vat-confirmation--action" : ""}`} id="registrations-result" role={blocks ? "alert" : "status"}>
      <table className="vat-confirmation__fields">
        <caption>{t("onboarding.registrations.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("onboarding.registrations.registration")}</th>
            <th scope="col">{t("onboarding.registrations.number")}</th>
            <th scope="col">{t("onboarding.registrations.resultHeading")}</th>
          </tr>
        </thead>
        <tbody>
          {confirmations.map((confirmation) => (
            <tr key={confirmation.kind} data-registration={confirmation.kind} data-registration-result={confirmation.result}>
              <th scope="row">{t(`onboarding.registrations.kinds.${confirmation.kind}`)}</th>
              <td>
                <code>{confirmation.registrationNumber}</code>
              </td>
              <td className={registrationBlocks(confirmation) ? "vat-confirmation__no-match" : undefined}>
                {resultText(t, confirmation, date)}
                {confirmation.result === "TO_BE_CONFIRMED" ? null : (
                  <span className="hint registration-checked">{t("onboarding.registrations.checkedOn", { date: date(confirmation.checkedAt) })}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {blocks && !forStaff ? <p>{t("onboarding.registrations.fix")}</p> : null}
    </div>
  );
}
