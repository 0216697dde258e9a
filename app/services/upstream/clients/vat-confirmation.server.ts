import { EvatrAnswer, ViesResult, type EvatrRequest, type ViesRequest } from "#contract/vat-confirmation.ts";
import type { ServiceCaller } from "#app/services/upstream/http.server.ts";

/**
 * The Federal Central Tax Office's VAT id confirmation (eVatR, REST): no
 * token, no key. Every status comes in the answer's shape, so a refusal
 * (404 not assigned, 503 down) is read as the answer it is.
 */
export function vatConfirmationClient(call: ServiceCaller) {
  return {
    /** A check changes nothing, but it is a POST: the HTTP core does not retry it (the marketplace's job does, later). */
    confirm: (request: EvatrRequest) => call({ method: "POST", path: "/app/v1/abfrage", body: request, schema: EvatrAnswer, errorIsAnswer: true }),
  };
}

/** The EU's VIES check: valid or not; a failure comes as `{ actionSucceed: false, errorWrappers }`. */
export function viesClient(call: ServiceCaller) {
  return {
    check: (request: ViesRequest) => call({ method: "POST", path: "/check-vat-number", body: request, schema: ViesResult, errorIsAnswer: true }),
  };
}
