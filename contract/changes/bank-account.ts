/** My company's change of the bank account, in a module of its own so that its page loads its schema only. */
import type { z } from "zod";
import { BankAccountStep } from "../steps/bank-account.ts";

/** POST …/changes/bank-account: the same rules as the shop setup's bank-account step (IBAN with mod-97, BIC). */
export const BankAccountChange = BankAccountStep;
export type BankAccountChange = z.infer<typeof BankAccountChange>;
