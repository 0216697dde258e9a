import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import { isCountryCode } from "#contract/rules/countries.ts";
import { isValidPostcode } from "#contract/rules/postcode.ts";
import { useEffect, type FormEvent } from "react";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { useFetcher } from "react-router";
import type { loader as townsLoader } from "#app/routes/onboarding/address-towns.ts";
import { SelectField, TextField } from "#app/components/ui/fields.tsx";

export const TOWNS_PATH = "/shop-setup/address/towns";

type AddressFieldset = {
  street: FieldMetadata<unknown>;
  houseNumber: FieldMetadata<unknown>;
  postcode: FieldMetadata<unknown>;
  city: FieldMetadata<unknown>;
  country: FieldMetadata<unknown>;
};

/**
 * A postal address (company, warehouse, returns). With JavaScript, a postcode
 * as it is typed asks the address service for its towns: one town fills an
 * empty town field, several are offered as suggestions, and a service that
 * cannot be reached is said beside the field (the town is then typed). On
 * save the server does the same and checks the address (addresses.server.ts).
 */
export function AddressFields({
  form,
  address,
  countries,
  labels = false,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: FormMetadata<any, string[]>;
  address: AddressFieldset;
  countries: readonly { value: string; label: string }[];
  /** Label the fields plainly ("Street"), for a group whose legend names it. */
  labels?: boolean;
}) {
  const { t } = useTranslation();
  const lookup = useFetcher<typeof townsLoader>();
  const answer = lookup.state === "idle" ? lookup.data : undefined;
  const towns = answer?.towns ?? [];
  const listId = `${address.city.id}-towns`;
  const statusId = `${address.postcode.id}-towns-status`;

  useEffect(() => {
    if (towns.length !== 1) return;
    // The field as it is now, not as the form last heard of it; and a field the seller is in is theirs:
    // an answer that lands while they type (or while a fill empties it for a moment) must not add to it.
    const city = document.getElementById(address.city.id);
    if (!(city instanceof HTMLInputElement) || city.value !== "" || city === document.activeElement) return;
    form.update({ name: address.city.name, value: towns[0] });
    // Only a new answer fills the town: the seller's own typing afterwards is theirs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);

  const onPostcodeInput = (event: FormEvent<HTMLInputElement>) => {
    const postcode = event.currentTarget.value.trim();
    const country = String(address.country.value ?? "DE");
    if (isCountryCode(country) && isValidPostcode(postcode, country)) {
      lookup.load(`${TOWNS_PATH}?country=${encodeURIComponent(country)}&postcode=${encodeURIComponent(postcode)}`);
    }
  };
  const status = !answer
    ? null
    : !answer.available
      ? t("onboarding.address.lookupUnavailable")
      : answer.covered && !answer.known
        ? t("onboarding.address.postcodeUnknown")
        : towns.length === 1
          ? t("onboarding.address.townFound", { towns: towns[0] })
          : towns.length > 1
            ? t("onboarding.address.townsFound", { towns: towns.join(", ") })
            : null;
  const label = (name: string) => (labels ? t(`onboarding.fields.${name}`) : undefined);
  return (
    <>
      <div className="field-row">
        <TextField field={address.street} label={label("street")} autoComplete="off" />
        <TextField field={address.houseNumber} label={label("houseNumber")} autoComplete="off" />
      </div>
      <div className="field-row">
        <TextField
          field={address.postcode}
          label={label("postcode")}
          autoComplete="off"
          inputMode="numeric"
          onInput={onPostcodeInput}
          describedById={statusId}
          after={
            // Kept a line high before the answer, as the IBAN's bank: an answer must not move a button being pressed.
            <p id={statusId} className="field__hint field__hint--answer" aria-live="polite">
              {status}
            </p>
          }
        />
        <TextField field={address.city} label={label("city")} autoComplete="off" list={towns.length > 1 ? listId : undefined} />
        {towns.length > 1 ? (
          <datalist id={listId}>
            {towns.map((town) => (
              <option key={town} value={town} />
            ))}
          </datalist>
        ) : null}
      </div>
      <SelectField field={address.country} label={label("country")} options={countries} />
    </>
  );
}
