/**
 * The shop setup's bank-account step: where payouts go (also my company's
 * bank account change).
 */
import { z } from "zod";
import { code, text, type ValidationCode } from "../onboarding-fields.ts";
import { isValidBic, normalizeBic } from "../rules/bic.ts";
import { ibanIssue, normalizeIban } from "../rules/iban.ts";

/** bank-account: where payouts go. The service keeps the IBAN and shows it masked from then on. */
export const BankAccountStep = z.object({
  accountHolder: text(140),
  iban: z
    .string({ error: code("required") })
    .superRefine((value, ctx) => {
      const issue = ibanIssue(value);
      if (issue) ctx.addIssue({ code: "custom", message: code(`iban${issue[0]!.toUpperCase()}${issue.slice(1)}` as ValidationCode) });
    })
    .transform(normalizeIban),
  bic: z
    .string({ error: code("required") })
    .refine((value) => isValidBic(value), code("bic"))
    .transform(normalizeBic),
});
