import { useTranslation } from "react-i18next";
import type { FieldTexts } from "~/shared/form/fields";
import { fieldKey } from "~/shared/form/fields";

/**
 * How my company's change forms read: their own messages and labels first
 * (`myCompany.validation.*`, `myCompany.fields.*`), else the shop setup's,
 * whose rules the forms share; the service's own words otherwise.
 */
export function useChangeFieldTexts(): FieldTexts {
  const { t, i18n } = useTranslation();
  const first = (keys: string[], fallback: string) => {
    const key = keys.find((candidate) => i18n.exists(candidate));
    return key ? t(key) : fallback;
  };
  return {
    message: (error) => first([`myCompany.validation.${error}`, `onboarding.validation.${error}`], error),
    label: (name) => first([`myCompany.fields.${fieldKey(name)}`, `onboarding.fields.${fieldKey(name)}`], name),
  };
}
