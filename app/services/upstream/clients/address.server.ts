import { AddressCheck, PostcodeTowns, type AddressCheckRequest } from "#contract/address.ts";
import type { CountryCode } from "#contract/rules/countries.ts";
import type { ServiceCaller } from "#app/services/upstream/http.server.ts";

/** The address service: towns at a postcode, and a check of a postal address (no token, no key). */
export function addressClient(call: ServiceCaller) {
  return {
    towns: (country: CountryCode, postcode: string) => call({ path: "/postcodes", query: { country, postcode }, schema: PostcodeTowns }),
    /** A check changes nothing, but it is a POST: the HTTP core does not retry it. */
    check: (address: AddressCheckRequest) => call({ method: "POST", path: "/addresses/check", body: address, schema: AddressCheck }),
  };
}
