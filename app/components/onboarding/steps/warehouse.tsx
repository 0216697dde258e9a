import type { ReactNode } from "react";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { CheckboxField, TextField, useCountryOptions } from "#app/components/ui/fields.tsx";
import { AddressFields } from "#app/components/onboarding/address-fields.tsx";
import { RepeatingGroup } from "#app/components/onboarding/repeating-group.tsx";
import { StepForm } from "#app/components/onboarding/step-form.tsx";
import { useStepForm } from "#app/components/onboarding/use-step-form.ts";
import { countryCodes } from "#contract/rules/countries.ts";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import type { StepFormProps } from "./step-form-props.ts";

const EMPTY_WAREHOUSE = { name: "", street: "", houseNumber: "", postcode: "", city: "", country: "DE" };

/** One or more warehouses, the contact there, and where returns go. */
export function WarehouseFields({ data, result }: StepFormProps<"warehouse">) {
  const { t } = useTranslation();
  const countries = useCountryOptions(countryCodes);
  const [form, fields] = useStepForm(
    "warehouse",
    () => import("#contract/steps/warehouse.ts").then((module) => module.WarehouseStep),
    data.view.values ?? { warehouses: [EMPTY_WAREHOUSE], returnsToFirstWarehouse: true, returnAddress: { country: "DE" } },
    result,
  );
  const warehouses = fields.warehouses.getFieldList();
  const returnAddress = fields.returnAddress.getFieldset();
  // With JavaScript the return address shows only while returns do not go to the first warehouse, and is not sent
  // while hidden (what was typed stays for when it is needed); without, it shows (onboarding.css), and its hint says
  // when it counts. Hidden from the first paint, so that the form does not jump when the page comes alive.
  const returnsToFirst = fields.returnsToFirstWarehouse.value === "on";
  return (
    <StepForm form={form}>
      <RepeatingGroup list={fields.warehouses}>
        {warehouses.map((warehouse, index) => {
          const address = warehouse.getFieldset();
          return (
            <fieldset key={warehouse.key} className="repeating-group__item">
              <legend>{t("onboarding.warehouse.warehouse", { number: index + 1 })}</legend>
              <TextField field={address.name} autoComplete="off" />
              <AddressFields form={form} address={address} countries={countries} />
              {warehouses.length > 1 ? (
                <button {...form.remove.getButtonProps({ name: fields.warehouses.name, index })} className="button button--secondary button--small">
                  {t("onboarding.warehouse.remove", { number: index + 1 })}
                </button>
              ) : null}
            </fieldset>
          );
        })}
        {warehouses.length < 5 ? (
          <button {...form.insert.getButtonProps({ name: fields.warehouses.name, defaultValue: EMPTY_WAREHOUSE })} className="button button--secondary">
            {t("onboarding.warehouse.add")}
          </button>
        ) : null}
      </RepeatingGroup>
      <fieldset className="repeating-group__item">
        <legend>{t("onboarding.warehouse.contact")}</legend>
        <TextField field={fields.contactName} autoComplete="name" />
        <TextField field={fields.contactEmail} type="email" autoComplete="email" />
        <TextField field={fields.contactPhone} type="tel" hint={t("onboarding.account.phoneHint")} autoComplete="tel" />
      </fieldset>
      <fieldset className="repeating-group__item">
        <legend>{t("onboarding.warehouse.returns")}</legend>
        <CheckboxField field={fields.returnsToFirstWarehouse} label={t("onboarding.warehouse.returnsToFirst")} />
        <ReturnAddress hidden={returnsToFirst}>
          <p className="field__hint">{t("onboarding.warehouse.returnAddressHint")}</p>
          <AddressFields form={form} address={returnAddress} countries={countries} labels />
        </ReturnAddress>
      </fieldset>
    </StepForm>
  );
}

/**
 * The return address's fieldset, not sent while hidden once scripts run. The one reader of `useHydrated` here, so that
 * the render React makes again after hydrating is this element's, not the whole form's (ADR 042).
 */
function ReturnAddress({ hidden, children }: { hidden: boolean; children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset className="return-address" hidden={hidden} disabled={hydrated && hidden}>
      {children}
    </fieldset>
  );
}
