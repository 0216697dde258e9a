/**
 * A seller's VAT id confirmed at the source (docs/product.md, issue 40):
 * the two public services the law offers and the confirmation the
 * marketplace keeps with the seller.
 *
 * - The Federal Central Tax Office's qualified confirmation (BZSt eVatR, its
 *   REST interface: `POST /app/v1/abfrage`) for an id of another EU member
 *   state: valid or not, and whether name, street, postcode and town match.
 *   It refuses German ids (evatr-0006).
 * - The EU's VIES check (`POST /check-vat-number`) for a German id: valid or
 *   not; Germany gives no name or address ("---").
 *
 * The mapping of either answer to the stored confirmation lives here, so that
 * the portal (checking on save) and the marketplace's retry job (the sandbox)
 * read the same answer the same way.
 */
import { z } from "zod";
import type { CountryCode } from "./rules/countries.ts";
import { vatCheckedFields, vatConfirmationStates, vatFieldResults } from "./vat-confirmation-kinds.ts";

export { vatCheckedFields, vatConfirmationBlocks, vatConfirmationStates, vatFieldResults, type VatCheckedField } from "./vat-confirmation-kinds.ts";

// ---- BZSt eVatR ------------------------------------------------------------------

/** The eVatR request: the asking business's own German VAT id, the id asked about, and (qualified) name and address. */
export const EvatrRequest = z.object({
  anfragendeUstid: z.string().regex(/^DE\d{9}$/),
  angefragteUstid: z.string().regex(/^[A-Z]{2}[0-9A-Z+*]{2,12}$/),
  firmenname: z.string().max(500).optional(),
  ort: z.string().max(200).optional(),
  plz: z.string().max(20).optional(),
  strasse: z.string().max(300).optional(),
});
export type EvatrRequest = z.infer<typeof EvatrRequest>;

/** A qualified field's result: A matches, B does not match, C not requested, D not provided by the member state. */
export const EvatrFieldResult = z.enum(["A", "B", "C", "D"]);
export type EvatrFieldResult = z.infer<typeof EvatrFieldResult>;

/** The eVatR answer, with every HTTP status (a refusal carries its status code in the same shape). */
export const EvatrAnswer = z.object({
  anfrageZeitpunkt: z.string(),
  status: z.string().regex(/^evatr-\d{4}$/),
  gueltigAb: z.string().nullish(),
  gueltigBis: z.string().nullish(),
  ergFirmenname: EvatrFieldResult.nullish(),
  ergStrasse: EvatrFieldResult.nullish(),
  ergPlz: EvatrFieldResult.nullish(),
  ergOrt: EvatrFieldResult.nullish(),
});
export type EvatrAnswer = z.infer<typeof EvatrAnswer>;

/** Each eVatR status code with its HTTP status, as the BZSt documents them. */
export const evatrStatuses = {
  "evatr-0000": 200, // valid
  "evatr-0002": 400, // a required field is empty
  "evatr-0004": 400, // the requester's German id is malformed
  "evatr-0005": 400, // the requested id is malformed
  "evatr-0006": 403, // a German requester may not ask about a German id
  "evatr-0011": 503, // service unavailable
  "evatr-0012": 400, // the requested id is malformed
  "evatr-0013": 503,
  "evatr-1001": 503,
  "evatr-1002": 500, // processing impossible now
  "evatr-1003": 500,
  "evatr-1004": 500,
  "evatr-2001": 404, // not assigned
  "evatr-2002": 200, // not yet valid (gueltigAb)
  "evatr-2003": 400, // the country code is invalid
  "evatr-2004": 500,
  "evatr-2005": 404, // the requester's own id is invalid
  "evatr-2006": 200, // no longer valid (gueltigAb, gueltigBis)
  "evatr-2007": 500, // error processing the member state's data
  "evatr-2008": 200, // valid; qualified request: a special case, ask the BZSt
  "evatr-2011": 500,
  "evatr-3011": 500,
} as const;
export type EvatrStatus = keyof typeof evatrStatuses;

// ---- EU VIES ---------------------------------------------------------------------

export const ViesRequest = z.object({ countryCode: z.string().regex(/^[A-Z]{2}$/), vatNumber: z.string().regex(/^[0-9A-Z+*]{2,12}$/) });
export type ViesRequest = z.infer<typeof ViesRequest>;

export const ViesAnswer = z.object({
  countryCode: z.string(),
  vatNumber: z.string(),
  requestDate: z.string(),
  valid: z.boolean(),
  requestIdentifier: z.string().optional(),
  name: z.string().optional(),
  address: z.string().optional(),
});
export type ViesAnswer = z.infer<typeof ViesAnswer>;

export const viesErrors = ["INVALID_INPUT", "SERVICE_UNAVAILABLE", "MS_UNAVAILABLE", "TIMEOUT", "MS_MAX_CONCURRENT_REQ", "GLOBAL_MAX_CONCURRENT_REQ"] as const;
export const ViesFailure = z.object({
  actionSucceed: z.literal(false),
  errorWrappers: z.array(z.object({ error: z.string(), message: z.string().optional() })).min(1),
});
export type ViesFailure = z.infer<typeof ViesFailure>;
export const ViesResult = z.union([ViesAnswer, ViesFailure]);
export type ViesResult = z.infer<typeof ViesResult>;

// ---- the confirmation kept with the seller --------------------------------------

export const vatServices = ["EVATR", "VIES"] as const;
export const VatService = z.enum(vatServices);
export type VatService = z.infer<typeof VatService>;

export const VatConfirmationState = z.enum(vatConfirmationStates);
export type VatConfirmationState = z.infer<typeof VatConfirmationState>;

export const VatFieldResult = z.enum(vatFieldResults);
export type VatFieldResult = z.infer<typeof VatFieldResult>;

/** What was asked about: the id and the company's name and address as the seller saved them. */
export const VatConfirmationRequest = z.object({
  vatId: z.string().regex(/^[A-Z]{2}[0-9A-Z+*]{2,12}$/),
  name: z.string().max(500),
  street: z.string().max(300),
  postcode: z.string().max(20),
  town: z.string().max(200),
});
export type VatConfirmationRequest = z.infer<typeof VatConfirmationRequest>;

/** GET /me/seller/vat-confirmation (404: none yet), PUT /me/seller/vat-confirmation (the same shape back). */
export const VatConfirmation = z.object({
  service: VatService,
  state: VatConfirmationState,
  /** When the service answered; for one to be confirmed, when it was last tried. */
  checkedAt: z.string(),
  requested: VatConfirmationRequest,
  fields: z.object({ name: VatFieldResult, street: VatFieldResult, postcode: VatFieldResult, town: VatFieldResult }),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  /** The service's own code (evatr-0000, a VIES error), for staff and the log. */
  statusCode: z.string().nullable(),
});
export type VatConfirmation = z.infer<typeof VatConfirmation>;

/** EU member states whose ids the BZSt confirms (a German business asking); Germany's own through VIES. */
const EU_COUNTRIES: ReadonlySet<string> = new Set([
  "AT",
  "BE",
  "BG",
  "CY",
  "CZ",
  "DK",
  "EE",
  "EL",
  "ES",
  "FI",
  "FR",
  "HR",
  "HU",
  "IE",
  "IT",
  "LT",
  "LU",
  "LV",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SE",
  "SI",
  "SK",
  "XI",
]);

/** Which service confirms an id of a company in `country`: none outside the EU (a Swiss id). */
export function vatServiceFor(country: CountryCode | string): VatService | null {
  if (country === "DE") return "VIES";
  return EU_COUNTRIES.has(country) ? "EVATR" : null;
}

const FIELD_RESULTS: Record<EvatrFieldResult, VatFieldResult> = { A: "MATCH", B: "NO_MATCH", C: "NOT_REQUESTED", D: "NOT_PROVIDED" };

export function fieldResultOf(letter: EvatrFieldResult | null | undefined): VatFieldResult {
  return letter ? FIELD_RESULTS[letter] : "NOT_REQUESTED";
}

/** What an eVatR status code says about the seller's id; a failure on the service's or the marketplace's side is "to be confirmed". */
export function evatrState(status: string): VatConfirmationState {
  switch (status) {
    case "evatr-0000":
    case "evatr-2008":
      return "CONFIRMED";
    case "evatr-0005":
    case "evatr-0012":
    case "evatr-2001":
    case "evatr-2002":
    case "evatr-2003":
    case "evatr-2006":
      return "NOT_VALID";
    default:
      return "TO_BE_CONFIRMED";
  }
}

const NOTHING_CHECKED = { name: "NOT_REQUESTED", street: "NOT_REQUESTED", postcode: "NOT_REQUESTED", town: "NOT_REQUESTED" } as const;

/** A confirmation still open: the service was down, slow or refused for a reason of its own. */
export function toBeConfirmed(service: VatService, requested: VatConfirmationRequest, at: Date, statusCode: string | null): VatConfirmation {
  return { service, state: "TO_BE_CONFIRMED", checkedAt: at.toISOString(), requested, fields: NOTHING_CHECKED, validFrom: null, validUntil: null, statusCode };
}

/** The confirmation an eVatR answer makes. */
export function confirmationFromEvatr(answer: EvatrAnswer, requested: VatConfirmationRequest, at: Date): VatConfirmation {
  const state = evatrState(answer.status);
  if (state === "TO_BE_CONFIRMED") return toBeConfirmed("EVATR", requested, at, answer.status);
  return {
    service: "EVATR",
    state,
    checkedAt: answer.anfrageZeitpunkt || at.toISOString(),
    requested,
    fields:
      state === "CONFIRMED"
        ? {
            name: fieldResultOf(answer.ergFirmenname),
            street: fieldResultOf(answer.ergStrasse),
            postcode: fieldResultOf(answer.ergPlz),
            town: fieldResultOf(answer.ergOrt),
          }
        : NOTHING_CHECKED,
    validFrom: answer.gueltigAb ?? null,
    validUntil: answer.gueltigBis ?? null,
    statusCode: answer.status,
  };
}

/** The confirmation a VIES answer makes: valid or not, never name or address for a German id. */
export function confirmationFromVies(result: ViesResult, requested: VatConfirmationRequest, at: Date): VatConfirmation {
  if ("actionSucceed" in result) {
    const error = result.errorWrappers[0]?.error ?? "SERVICE_UNAVAILABLE";
    // The id's form was checked before asking: INVALID_INPUT is the id itself.
    if (error !== "INVALID_INPUT") return toBeConfirmed("VIES", requested, at, error);
    return { ...toBeConfirmed("VIES", requested, at, error), state: "NOT_VALID" };
  }
  const absent = (value: string | undefined) => !value || value.trim() === "---";
  return {
    service: "VIES",
    state: result.valid ? "CONFIRMED" : "NOT_VALID",
    checkedAt: result.requestDate || at.toISOString(),
    requested,
    fields: result.valid
      ? { name: absent(result.name) ? "NOT_PROVIDED" : "NOT_REQUESTED", street: "NOT_PROVIDED", postcode: "NOT_PROVIDED", town: "NOT_PROVIDED" }
      : NOTHING_CHECKED,
    validFrom: null,
    validUntil: null,
    statusCode: result.valid ? "VALID" : "INVALID",
  };
}

/** The eVatR request for a confirmation: the values as they are, in a JSON body (nothing is spliced into a string). */
export function evatrRequestOf(marketplaceVatId: string, requested: VatConfirmationRequest): EvatrRequest {
  return EvatrRequest.parse({
    anfragendeUstid: marketplaceVatId,
    angefragteUstid: requested.vatId,
    firmenname: requested.name || undefined,
    ort: requested.town || undefined,
    plz: requested.postcode || undefined,
    strasse: requested.street || undefined,
  });
}

export function viesRequestOf(requested: VatConfirmationRequest): ViesRequest {
  return ViesRequest.parse({ countryCode: requested.vatId.slice(0, 2), vatNumber: requested.vatId.slice(2) });
}

/** The confirmation's facts the progress model reads (GET /me/seller/onboarding, staff's progress facts). */
export const VatConfirmationFacts = VatConfirmation.pick({ state: true, fields: true });
export type VatConfirmationFacts = z.infer<typeof VatConfirmationFacts>;

/**
 * What a saved company-information step asks the service about: the VAT id
 * and the company's legal name and address. Null when the values lack one
 * or the id's form is wrong (nothing is asked then).
 */
export function vatConfirmationRequestOf(values: Record<string, unknown> | null | undefined): VatConfirmationRequest | null {
  if (!values) return null;
  const text = (name: string) => (typeof values[name] === "string" ? (values[name] as string).trim() : "");
  const parsed = VatConfirmationRequest.safeParse({
    vatId: text("vatId")
      .replace(/[\s.-]+/g, "")
      .toUpperCase(),
    name: text("legalName"),
    street: [text("street"), text("houseNumber")].filter(Boolean).join(" "),
    postcode: text("postcode"),
    town: text("city"),
  });
  return parsed.success ? parsed.data : null;
}

export function sameVatRequest(a: VatConfirmationRequest | null | undefined, b: VatConfirmationRequest | null | undefined): boolean {
  if (!a || !b) return false;
  return vatCheckedFields.every((field) => a[field] === b[field]) && a.vatId === b.vatId;
}
