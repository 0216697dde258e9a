import type { RegistrationKind } from "#contract/registration-kinds.ts";
import { RegistrationFields } from "#app/components/onboarding/registration-fields.tsx";
import { pagePath } from "#app/lib/home/my-company-changes.ts";
import { ChangeForm } from "#app/components/home/change-form.tsx";
import { useChangeForm, type ChangeFormProps } from "./use-change-form.ts";

/** The registrations the law requires of what the seller sells: the shop setup's section, the register asked on saving. */
export function RegistrationsForm({ categoryRegistrations, ...props }: ChangeFormProps & { categoryRegistrations: readonly RegistrationKind[] | null }) {
  const [form, fields] = useChangeForm("REGISTRATIONS", () => import("#contract/changes/registrations.ts").then((module) => module.RegistrationsChange), props);
  return (
    <ChangeForm form={form} cancelTo={pagePath("REGISTRATIONS")} replaces={props.replaces}>
      <RegistrationFields fields={fields} categoryRegistrations={categoryRegistrations} confirmations={[]} />
    </ChangeForm>
  );
}
