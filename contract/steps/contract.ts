/**
 * The shop setup's contract step: the seller agreement accepted by a named
 * person. One schema checks the form in the browser, the portal's action and
 * the sandbox's save.
 */
import { z } from "zod";
import { code, text } from "../onboarding-fields.ts";

/** contract: the seller agreement, accepted by a named person (the date is recorded by the service). */
export const ContractStep = z.object({
  signerName: text(120),
  accepted: z.boolean({ error: code("mustAccept") }).refine((value) => value, code("mustAccept")),
});
