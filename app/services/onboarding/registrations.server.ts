/**
 * The registrations the law requires (contract/registrations.ts) in the
 * company-information step: which apply, from the seller's confirmed
 * category mappings when there are any (else the step asks), and each saved
 * number asked at its register. The step is saved first; the register gets
 * a short limit (REGISTER_LOOKUP_TIMEOUT_MS), and what it answers in time is
 * kept with the seller. A register that is slow or down leaves the
 * registration "to be confirmed": the marketplace's own job asks again.
 */
import type { StepView } from "#contract/onboarding.ts";
import {
  confirmationFromRegister,
  registrationBlocks,
  registrationRequestsOf,
  registrationsForCategories,
  registrationToBeConfirmed,
  sameRegistrationRequest,
  type RegistrationConfirmation,
  type RegistrationKind,
} from "#contract/registrations.ts";
import { marketplaceCategories } from "#app/services/catalogue/categories.server.ts";
import { getI18n } from "#app/services/i18n/i18n.server.ts";
import { requestMetaContext } from "#app/services/request/request-context.server.ts";
import type { RequestArgs } from "#app/services/request/request-args.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import type { SaveNote } from "./save-step.server.ts";

/**
 * The registrations the seller's confirmed category mappings require; null
 * while the seller has none, "unavailable" when the catalogue service cannot
 * say (the step asks the questions then, and says why).
 */
export async function registrationsFromCategories(args: RequestArgs): Promise<RegistrationKind[] | null | "unavailable"> {
  try {
    const [{ mappings }, categories] = await Promise.all([upstream(args).catalogue.mappings(), marketplaceCategories(args)]);
    if (mappings.length === 0) return null;
    return registrationsForCategories(mappings.map((mapping) => categories.ancestorIds(mapping.categoryId)));
  } catch (error) {
    args.context.get(requestMetaContext).log.warn({ err: error, kind: "registrations" }, "category mappings unavailable: the step asks what the seller sells");
    return "unavailable";
  }
}

/** The portal sets which registrations the categories require; nothing of the form's own is taken for it. */
export async function injectCategoryRegistrations(args: RequestArgs, formData: FormData): Promise<void> {
  const kinds = await registrationsFromCategories(args);
  if (Array.isArray(kinds)) formData.set("categoryRegistrations", kinds.join(","));
  else formData.delete("categoryRegistrations");
}

async function ask(args: RequestArgs, asked: Parameters<typeof registrationToBeConfirmed>[0]): Promise<RegistrationConfirmation> {
  const now = new Date();
  try {
    return confirmationFromRegister(await upstream(args).producerRegister.lookup(asked.kind, asked.registrationNumber), asked, now);
  } catch (error) {
    args.context.get(requestMetaContext).log.warn({ err: error, kind: "registrations", registration: asked.kind }, "register unavailable: to be confirmed");
    return registrationToBeConfirmed(asked, now);
  }
}

/**
 * After a company-information save: asks the register about each number
 * that is new or changed (or whose last answer is still open), keeps the
 * answers, and says what they found. A result the seller must act on keeps
 * them on the step, where it shows.
 */
export async function confirmSavedRegistrations(args: RequestArgs, saved: StepView): Promise<{ note?: SaveNote; stay?: boolean } | undefined> {
  const requests = registrationRequestsOf(saved.values);
  const known = saved.registrationConfirmations ?? [];
  const open = requests.filter((asked) => {
    const kept = known.find((confirmation) => confirmation.kind === asked.kind);
    return !kept || kept.result === "TO_BE_CONFIRMED" || !sameRegistrationRequest(kept, asked);
  });
  if (open.length === 0) return undefined;

  const answered = await Promise.all(open.map((asked) => ask(args, asked)));
  const confirmations = requests.map(
    (asked) => answered.find((confirmation) => confirmation.kind === asked.kind) ?? known.find((confirmation) => confirmation.kind === asked.kind)!,
  );
  const t = getI18n(args.context).t;
  try {
    await upstream(args).onboarding.saveRegistrationConfirmations({ confirmations });
  } catch (error) {
    // The service keeps the save's registrations "to be confirmed": its job asks later.
    args.context.get(requestMetaContext).log.warn({ err: error, kind: "registrations" }, "registration confirmations not kept: left to the marketplace's job");
    return { note: { type: "success", message: t("onboarding.registrations.note.TO_BE_CONFIRMED") } };
  }
  if (confirmations.some(registrationBlocks)) return { stay: true, note: { type: "warning", message: t("onboarding.registrations.note.BLOCKS") } };
  if (confirmations.some((confirmation) => confirmation.result === "TO_BE_CONFIRMED")) {
    return { note: { type: "success", message: t("onboarding.registrations.note.TO_BE_CONFIRMED") } };
  }
  return { note: { type: "success", message: t("onboarding.registrations.note.CONFIRMED") } };
}
