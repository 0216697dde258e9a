import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import type { FieldTexts } from "#app/components/ui/fields.tsx";
import { fieldKey } from "#app/components/ui/fields.tsx";

/**
 * The messages that may say what went wrong in a field, the first that exists
 * wins: an empty field says what it wants, as in the shop setup
 * (`myCompany.required.*`, else `onboarding.required.*`); then the forms' own
 * rules, then the shop setup's, whose rules the forms share.
 */
export function messageKeys(error: string, name?: string): string[] {
  const field = name ? fieldKey(name) : null;
  const specific = error === "required" && field ? [`myCompany.required.${field}`, `onboarding.required.${field}`] : [];
  return [...specific, `myCompany.validation.${error}`, `onboarding.validation.${error}`];
}

/**
 * How my company's change forms read: messages as `messageKeys` orders them,
 * labels from `myCompany.fields.*`, else the shop setup's; the service's own
 * words otherwise.
 */
export function useChangeFieldTexts(): FieldTexts {
  const { t, i18n } = useTranslation();
  const first = (keys: string[], fallback: string) => {
    const key = keys.find((candidate) => i18n.exists(candidate));
    return key ? t(key) : fallback;
  };
  return {
    message: (error, name) => first(messageKeys(error, name), error),
    label: (name) => first([`myCompany.fields.${fieldKey(name)}`, `onboarding.fields.${fieldKey(name)}`], name),
  };
}
