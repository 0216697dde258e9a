/**
 * The shop setup's addresses and the address service (company address,
 * warehouses, return address): on save, an empty town is taken from the
 * postcode, and each address is checked (postcode, town at the postcode,
 * street). The service only helps: when it cannot be reached, the form keeps
 * everything typed, says so, and the address is saved as typed.
 */
import type { FormStepName } from "#contract/onboarding.ts";
import { isCountryCode, type CountryCode } from "#contract/rules/countries.ts";
import { isValidPostcode } from "#contract/rules/postcode.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { getI18n } from "#app/services/i18n/i18n.server.ts";
import { requestMetaContext } from "#app/services/request/request-context.server.ts";
import type { RequestArgs } from "#app/services/request/request-args.ts";
import { settle, type UpstreamError } from "#app/services/upstream/upstream-error.server.ts";

/** The field-name prefixes of the addresses a step's form holds ("", "warehouses[1].", "returnAddress."). */
export function addressPrefixes(step: FormStepName, formData: FormData): string[] {
  if (step === "company-information") return [""];
  if (step !== "warehouse") return [];
  const warehouses = new Set<string>();
  for (const name of formData.keys()) {
    const match = /^(warehouses\[\d+\]\.)/.exec(name);
    if (match) warehouses.add(match[1]!);
  }
  const returns = formData.get("returnsToFirstWarehouse") === "on" ? [] : ["returnAddress."];
  return [...warehouses, ...returns];
}

type Errors = Record<string, string[]>;

/** The address service's part in saving `step` (its addresses by `addressPrefixes`). */
export function addressSaveOptions(args: RequestArgs, step: FormStepName): AddressHelp {
  return addressHelp(args, (data) => addressPrefixes(step, data), step);
}

export type AddressHelp = {
  /** Fills empty towns from their postcodes before the form is checked; field errors when a postcode is unknown or names several towns. */
  inject: (formData: FormData) => Promise<Errors | undefined>;
  /** Checks the addresses of a form, valid or not, that have a postcode (postcode, town at the postcode, street); field errors or undefined. */
  check: () => Promise<Errors | undefined>;
  /** After a save: says when the service could not be asked, so the addresses went as typed. */
  note: () => { type: "warning"; message: string } | undefined;
};

/**
 * The address service's help with the addresses of a form, each named by its
 * field-name prefix; `form` names the form in the log when the service fails.
 */
export function addressHelp(args: RequestArgs, prefixesOf: (formData: FormData) => string[], form: string): AddressHelp {
  const t = getI18n(args.context).t;
  const client = upstream(args).address;
  let formData: FormData | undefined;
  let unavailable = false;
  const failed = (error: UpstreamError) => {
    unavailable = true;
    args.context.get(requestMetaContext).log.warn({ err: error, form }, "address service unavailable: addresses taken as typed");
  };
  const read = (data: FormData, name: string) => String(data.get(name) ?? "").trim();
  const countryOf = (data: FormData, prefix: string): CountryCode => {
    const country = read(data, `${prefix}country`);
    return isCountryCode(country) ? country : "DE";
  };

  return {
    inject: async (data) => {
      formData = data;
      const errors: Errors = {};
      await Promise.all(
        prefixesOf(data).map(async (prefix) => {
          const postcode = read(data, `${prefix}postcode`);
          const country = countryOf(data, prefix);
          if (read(data, `${prefix}city`) || !postcode || !isValidPostcode(postcode, country)) return;
          const found = await settle(client.towns(country, postcode));
          if (!found.ok) {
            failed(found.error);
            errors[`${prefix}city`] = [t("onboarding.address.townsUnavailable")];
          } else if (found.value.covered && !found.value.known) {
            errors[`${prefix}postcode`] = [t("onboarding.address.POSTCODE_UNKNOWN", { postcode })];
          } else if (found.value.towns.length === 1) {
            data.set(`${prefix}city`, found.value.towns[0]!);
          } else if (found.value.towns.length > 1) {
            errors[`${prefix}city`] = [t("onboarding.address.chooseTown", { postcode, towns: found.value.towns.join(", ") })];
          }
        }),
      );
      return Object.keys(errors).length > 0 ? errors : undefined;
    },
    check: async () => {
      if (!formData || unavailable) return undefined;
      const data = formData;
      const errors: Errors = {};
      await Promise.all(
        prefixesOf(data).map(async (prefix) => {
          const postcode = read(data, `${prefix}postcode`);
          const country = countryOf(data, prefix);
          // The form's rules speak for a missing or malformed postcode: nothing to ask the service about.
          if (!postcode || !isValidPostcode(postcode, country)) return;
          const checked = await settle(
            client.check({
              country,
              postcode,
              city: read(data, `${prefix}city`),
              street: read(data, `${prefix}street`),
              houseNumber: read(data, `${prefix}houseNumber`),
            }),
          );
          if (!checked.ok) return failed(checked.error);
          for (const issue of checked.value.issues) {
            (errors[`${prefix}${issue.field}`] ??= []).push(t(`onboarding.address.${issue.code}`, { postcode, towns: checked.value.towns.join(", ") }));
          }
        }),
      );
      return Object.keys(errors).length > 0 ? errors : undefined;
    },
    note: () => (unavailable ? { type: "warning" as const, message: t("onboarding.address.notChecked") } : undefined),
  };
}
