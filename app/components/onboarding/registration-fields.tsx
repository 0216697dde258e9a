import type { FieldMetadata } from "@conform-to/react";
import type { RegistrationConfirmation } from "#contract/registrations.ts";
import { registrationFields, registrationKinds, type RegistrationKind } from "#contract/registration-kinds.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { SelectField, TextField } from "#app/components/ui/fields.tsx";
import { RegistrationConfirmationsResult } from "./registration-confirmations.tsx";

type Fields = Record<"categoryRegistrations" | "sellsElectrical" | "sellsBatteries" | (typeof registrationFields)[RegistrationKind], FieldMetadata<unknown>>;

/**
 * The registrations the law requires, as a section of the company
 * information: what the seller's categories require (when they are known),
 * else the two questions; the packaging number always, the WEEE and battery
 * numbers where they apply (while the questions decide, both are offered,
 * each saying when it is needed: the form works the same without JavaScript).
 */
export function RegistrationFields({
  fields,
  categoryRegistrations,
  confirmations,
}: {
  fields: Fields;
  /** From the seller's confirmed categories; null: not known, the step asks. */
  /** From the seller's categories; null: none mapped yet; "unavailable": the categories could not be read. */
  categoryRegistrations: readonly RegistrationKind[] | null | "unavailable";
  confirmations: readonly RegistrationConfirmation[];
}) {
  const { t } = useTranslation();
  const answers = [
    { value: "yes", label: t("onboarding.registrations.yes") },
    { value: "no", label: t("onboarding.registrations.no") },
  ];
  const fromCategories = Array.isArray(categoryRegistrations) ? (categoryRegistrations as readonly RegistrationKind[]) : null;
  const shown = (kind: RegistrationKind) => kind === "PACKAGING" || !fromCategories || fromCategories.includes(kind);
  return (
    <fieldset className="repeating-group__item" id="registrations">
      <legend>{t("onboarding.registrations.legend")}</legend>
      <p className="hint">{t("onboarding.registrations.intro")}</p>
      {fromCategories ? (
        <>
          <input type="hidden" name={fields.categoryRegistrations.name} value={fromCategories.join(",")} />
          <p>
            {t("onboarding.registrations.fromCategories", {
              kinds: fromCategories.map((kind) => t(`onboarding.registrations.kinds.${kind}`)).join(", "),
            })}
          </p>
        </>
      ) : (
        <>
          <p>{t(categoryRegistrations === "unavailable" ? "onboarding.registrations.categoriesUnavailable" : "onboarding.registrations.questions")}</p>
          <SelectField field={fields.sellsElectrical} options={answers} />
          <SelectField field={fields.sellsBatteries} options={answers} />
        </>
      )}
      {registrationKinds.filter(shown).map((kind) => (
        <TextField
          key={kind}
          field={fields[registrationFields[kind]]}
          hint={t(`onboarding.registrations.hint.${registrationFields[kind]}`)}
          autoComplete="off"
          spellCheck={false}
        />
      ))}
      {confirmations.length ? <RegistrationConfirmationsResult confirmations={confirmations} /> : null}
    </fieldset>
  );
}
