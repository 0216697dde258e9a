import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { fieldKey, type FieldTexts } from "#app/components/ui/fields.tsx";

/**
 * How the shop setup's fields read: errors are the contract's codes
 * (`onboarding.validation.*`, the service's own words otherwise), and an
 * empty field says what it wants ("Select the legal form",
 * `onboarding.required.<field>`); labels come from the field's name, with the
 * list position for list items ("Postcode (warehouse 2)").
 */
export function useStepFieldTexts(): FieldTexts {
  const { t, i18n } = useTranslation();
  return {
    message: (error, name) => {
      const specific = error === "required" && name ? `onboarding.required.${fieldKey(name)}` : null;
      if (specific && i18n.exists(specific)) return t(specific);
      return i18n.exists(`onboarding.validation.${error}`) ? t(`onboarding.validation.${error}`) : error;
    },
    label: (name) => {
      const key = `onboarding.fields.${fieldKey(name)}`;
      const label = i18n.exists(key) ? t(key) : t("onboarding.fields.form");
      const group = /^(\w+)(?:\[(\d+)\])?\./.exec(name);
      if (!group) return label;
      const list = t(`onboarding.lists.${group[1]}`);
      return group[2] === undefined
        ? t("onboarding.fields.inGroup", { label, group: list })
        : t("onboarding.fields.inList", { label, list, number: Number(group[2]) + 1 });
    },
  };
}
