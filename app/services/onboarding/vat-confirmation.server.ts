/**
 * The VAT id confirmed at its source when the company information is saved
 * (contract/vat-confirmation.ts): an id of another EU member state at the
 * Federal Central Tax Office (qualified: name and address too), a German id
 * at VIES. The step is saved first; the service gets a short limit
 * (VAT_CONFIRMATION_TIMEOUT_MS), and whatever it answers in time is kept with
 * the seller. A service that is slow, down or refuses for a reason of its own
 * leaves the confirmation "to be confirmed": the marketplace's own job asks
 * again later, never the seller's request.
 */
import type { StepView } from "#contract/onboarding.ts";
import {
  confirmationFromEvatr,
  confirmationFromVies,
  evatrRequestOf,
  sameVatRequest,
  toBeConfirmed,
  vatConfirmationBlocks,
  vatConfirmationRequestOf,
  vatServiceFor,
  viesRequestOf,
  type VatConfirmation,
  type VatConfirmationRequest,
  type VatService,
} from "#contract/vat-confirmation.ts";
import { env } from "#app/services/config/env.server.ts";
import { getI18n } from "#app/services/i18n/i18n.server.ts";
import { requestMetaContext } from "#app/services/request/request-context.server.ts";
import type { RequestArgs } from "#app/services/request/request-args.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import type { SaveNote } from "./save-step.server.ts";

/** Asks the service that confirms the id; any failure (down, slow, a refusal it names) is "to be confirmed". */
async function ask(args: RequestArgs, service: VatService, requested: VatConfirmationRequest): Promise<VatConfirmation> {
  const clients = upstream(args);
  const log = args.context.get(requestMetaContext).log;
  const now = new Date();
  try {
    if (service === "VIES") return confirmationFromVies(await clients.vies.check(viesRequestOf(requested)), requested, now);
    const marketplaceVatId = env().MARKETPLACE_VAT_ID;
    if (!marketplaceVatId) {
      log.warn({ kind: "vat-confirmation" }, "MARKETPLACE_VAT_ID is not set: the VAT id is left to the marketplace's job");
      return toBeConfirmed(service, requested, now, null);
    }
    const confirmation = confirmationFromEvatr(await clients.vatConfirmation.confirm(evatrRequestOf(marketplaceVatId, requested)), requested, now);
    if (confirmation.state === "TO_BE_CONFIRMED") log.warn({ kind: "vat-confirmation", statusCode: confirmation.statusCode }, "VAT id not confirmed now");
    return confirmation;
  } catch (error) {
    log.warn({ err: error, kind: "vat-confirmation", service }, "VAT confirmation service unavailable: to be confirmed");
    return toBeConfirmed(service, requested, now, null);
  }
}

/**
 * After a company-information save: asks when the id, the name or the
 * address changed (or the last answer is still open), keeps the answer, and
 * says what it found. A result the seller must act on (not valid, a field
 * that does not match) keeps them on the step, where the result shows.
 */
export async function confirmSavedVatId(args: RequestArgs, saved: StepView): Promise<{ note?: SaveNote; stay?: boolean } | undefined> {
  const requested = vatConfirmationRequestOf(saved.values);
  const service = requested ? vatServiceFor(String(saved.values?.country ?? "")) : null;
  if (!requested || !service) return undefined;
  const known = saved.vatConfirmation;
  if (known && known.state !== "TO_BE_CONFIRMED" && known.service === service && sameVatRequest(known.requested, requested)) return undefined;

  const confirmation = await ask(args, service, requested);
  const t = getI18n(args.context).t;
  try {
    await upstream(args).onboarding.saveVatConfirmation(confirmation);
  } catch (error) {
    // The service keeps the save's confirmation "to be confirmed": its job asks later.
    args.context.get(requestMetaContext).log.warn({ err: error, kind: "vat-confirmation" }, "VAT confirmation not kept: left to the marketplace's job");
    return { note: { type: "success", message: t(`onboarding.vat.note.TO_BE_CONFIRMED_${service}`) } };
  }
  if (confirmation.state === "TO_BE_CONFIRMED") return { note: { type: "success", message: t(`onboarding.vat.note.TO_BE_CONFIRMED_${service}`) } };
  if (vatConfirmationBlocks(confirmation)) {
    return {
      stay: true,
      note: { type: "warning", message: t(confirmation.state === "NOT_VALID" ? "onboarding.vat.note.NOT_VALID" : "onboarding.vat.note.NO_MATCH") },
    };
  }
  return { note: { type: "success", message: t(`onboarding.vat.note.CONFIRMED_${service}`) } };
}
