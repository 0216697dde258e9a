/**
 * German banks by their bank code (Bankleitzahl): name and BIC from the
 * Bundesbank's list as the bankdata-germany package ships it (updated each
 * quarter; keep the package current). Only German IBANs carry a bank code it
 * knows; anything else has no answer.
 */
import { bankDataByIBAN } from "bankdata-germany";
import { ibanIssue, normalizeIban } from "#contract/rules/iban.ts";

export type Bank = { bankName: string; bic: string };

/** The bank of a valid German IBAN, or null (not German, not valid, or a bank code not in the list). */
export function bankOfIban(iban: string): Bank | null {
  const normalized = normalizeIban(iban);
  if (!normalized.startsWith("DE") || ibanIssue(normalized)) return null;
  const bank = bankDataByIBAN(normalized);
  return bank?.bic ? { bankName: bank.bankName, bic: bank.bic } : null;
}

/**
 * Without JavaScript nothing fills the BIC as the seller types: a BIC left
 * empty beside a German IBAN is taken from the bank code list before the form
 * is checked.
 */
export function fillBicFromIban(formData: FormData): Bank | null {
  const bic = formData.get("bic");
  const iban = formData.get("iban");
  if ((typeof bic === "string" && bic.trim()) || typeof iban !== "string") return null;
  const bank = bankOfIban(iban);
  if (bank) formData.set("bic", bank.bic);
  return bank;
}
