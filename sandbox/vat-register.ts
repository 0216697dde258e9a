/**
 * The VAT id register the sandbox's two confirmation services answer from
 * (contract/vat-confirmation.ts): the BZSt's eVatR for ids of other EU member
 * states, the EU's VIES for German ids. A handful of seeded companies give
 * every answer the portal handles; any other well-formed id is valid and
 * matches what was asked (so the seeded sellers and other tests' companies
 * are not held up by a register that does not know them).
 *
 * The eVatR is down for maintenance at night (23:00 to 05:00 Europe/Berlin,
 * as the real one is) and on demand: the control endpoint sets each service
 * `up`, `down` or back to its `schedule`, so that tests need not wait for the night.
 */
import {
  EvatrRequest,
  evatrStatuses,
  ViesRequest,
  type EvatrAnswer,
  type EvatrFieldResult,
  type EvatrStatus,
  type ViesFailure,
  type ViesResult,
} from "#contract/vat-confirmation.ts";

export type VatServiceMode = "schedule" | "up" | "down";
export type VatServiceModes = { evatr: VatServiceMode; vies: VatServiceMode };

type RegisteredCompany = {
  name: string;
  street?: string;
  postcode?: string;
  town?: string;
  /** The answer for the id itself, when it is not simply valid. */
  status?: EvatrStatus;
  validFrom?: string;
  validUntil?: string;
};

/** The seeded companies, by VAT id. */
export const vatRegister: Record<string, RegisteredCompany> = {
  // Austria and the Netherlands: valid, and name and address match what the seller gives.
  ATU12345675: { name: "Alpenglanz Handels GmbH", street: "Kärntner Straße 12", postcode: "1010", town: "Wien" },
  NL123456789B01: { name: "Tulpenhof B.V.", street: "Damrak 1", postcode: "1012 LG", town: "Amsterdam" },
  // Valid, but registered to another company: any other name does not match.
  ATU87654321: { name: "Bergblick Vertriebs GmbH", street: "Getreidegasse 9", postcode: "5020", town: "Salzburg" },
  // Not assigned to anyone.
  ATU99999999: { name: "", status: "evatr-2001" },
  // No longer valid, and not valid yet.
  ATU11111111: { name: "Donaublick Trading GmbH", status: "evatr-2006", validFrom: "2015-01-01", validUntil: "2024-12-31" },
  ATU22222222: { name: "Morgenrot Handels GmbH", status: "evatr-2002", validFrom: "2027-01-01" },
  // Germany (VIES): valid; and well-formed (its check digit right) but assigned to no one.
  DE123456788: { name: "---" },
  DE987654328: { name: "", status: "evatr-2001" },
};

/** The eVatR's nightly maintenance: 23:00 to 05:00 in Berlin. */
export function inEvatrMaintenance(at: Date): boolean {
  const hour = Number(new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Berlin", hour: "numeric", hourCycle: "h23" }).format(at));
  return hour >= 23 || hour < 5;
}

export function serviceUp(mode: VatServiceMode, service: "evatr" | "vies", at: Date): boolean {
  if (mode !== "schedule") return mode === "up";
  return service === "vies" || !inEvatrMaintenance(at);
}

/** Names and places compared as registers do: case, punctuation and spacing aside. */
function plain(value: string): string {
  return value
    .normalize("NFC")
    .toLocaleLowerCase("de")
    .replace(/[.,\-/()]+/g, " ")
    .replace(/\bstr\b/g, "straße")
    .replace(/\s+/g, " ")
    .trim();
}

function compare(asked: string | undefined, registered: string | undefined): EvatrFieldResult {
  if (asked === undefined || asked === "") return "C";
  if (registered === undefined) return "A";
  return plain(asked) === plain(registered) ? "A" : "B";
}

/** One eVatR exchange: the HTTP status and the answer (the same shape for every status). */
export function evatrAnswer(body: unknown, up: boolean, at: Date): { status: number; answer: EvatrAnswer } {
  const answer = (status: EvatrStatus, extra: Partial<EvatrAnswer> = {}) => ({
    status: evatrStatuses[status],
    answer: { anfrageZeitpunkt: at.toISOString(), status, ...extra },
  });
  if (!up) return answer("evatr-0011");
  const raw = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  if (!raw.anfragendeUstid || !raw.angefragteUstid) return answer("evatr-0002");
  if (typeof raw.anfragendeUstid !== "string" || !/^DE\d{9}$/.test(raw.anfragendeUstid)) return answer("evatr-0004");
  const parsed = EvatrRequest.safeParse(body);
  if (!parsed.success) return answer("evatr-0005");
  const request = parsed.data;
  const country = request.angefragteUstid.slice(0, 2);
  if (country === "DE") return answer("evatr-0006");
  if (!/^(AT|BE|BG|CY|CZ|DK|EE|EL|ES|FI|FR|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK|XI)$/.test(country)) return answer("evatr-2003");
  const company = vatRegister[request.angefragteUstid];
  if (company?.status === "evatr-2001") return answer("evatr-2001");
  if (company?.status) return answer(company.status, { gueltigAb: company.validFrom ?? null, gueltigBis: company.validUntil ?? null });
  return answer("evatr-0000", {
    ergFirmenname: compare(request.firmenname, company?.name),
    ergStrasse: compare(request.strasse, company?.street),
    ergPlz: compare(request.plz, company?.postcode),
    ergOrt: compare(request.ort, company?.town),
  });
}

/** One VIES exchange: the HTTP status and the answer or failure. */
export function viesAnswer(body: unknown, up: boolean, at: Date): { status: number; answer: ViesResult } {
  const failure = (status: number, error: string): { status: number; answer: ViesFailure } => ({
    status,
    answer: { actionSucceed: false, errorWrappers: [{ error }] },
  });
  if (!up) return failure(503, "MS_UNAVAILABLE");
  const parsed = ViesRequest.safeParse(body);
  if (!parsed.success) return failure(400, "INVALID_INPUT");
  const { countryCode, vatNumber } = parsed.data;
  const company = vatRegister[countryCode + vatNumber];
  const valid = countryCode === "DE" ? company?.status !== "evatr-2001" : company ? !company.status : true;
  // Germany gives neither name nor address.
  const blank = countryCode === "DE" || !valid;
  return {
    status: 200,
    answer: {
      countryCode,
      vatNumber,
      requestDate: at.toISOString(),
      valid,
      requestIdentifier: "",
      name: blank ? "---" : (company?.name ?? "---"),
      address: blank ? "---" : [company?.street, [company?.postcode, company?.town].filter(Boolean).join(" ")].filter(Boolean).join("\n") || "---",
    },
  };
}
