import type { FieldMetadata } from "@conform-to/react";
import { countryCodes } from "#contract/rules/countries.ts";
import { SelectField, TextField, useCountryOptions } from "#app/components/ui/fields.tsx";

export type AddressFieldset = Record<"street" | "houseNumber" | "postcode" | "city" | "country", FieldMetadata<unknown>>;

/** The company's or a warehouse's postal address, filled in by the browser's saved addresses. */
export function PostalAddress({ fields }: { fields: AddressFieldset }) {
  const countries = useCountryOptions(countryCodes);
  return (
    <>
      <div className="field-row">
        <TextField field={fields.street} autoComplete="address-line1" />
        <TextField field={fields.houseNumber} autoComplete="address-line2" />
      </div>
      <div className="field-row">
        <TextField field={fields.postcode} autoComplete="postal-code" />
        <TextField field={fields.city} autoComplete="address-level2" />
      </div>
      <SelectField field={fields.country} options={countries} />
    </>
  );
}
