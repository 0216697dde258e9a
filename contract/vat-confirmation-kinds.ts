/**
 * What a VAT id's confirmation can say, and whether it holds the hand-over
 * up, apart from the services' schemas (vat-confirmation.ts) so that a page
 * which only shows a confirmation does not load zod in the browser.
 */

/** Confirmed (the id is valid), not valid, or to be confirmed (the service could not answer: the marketplace's job asks again). */
export const vatConfirmationStates = ["CONFIRMED", "NOT_VALID", "TO_BE_CONFIRMED"] as const;
export type VatConfirmationState = (typeof vatConfirmationStates)[number];

export const vatFieldResults = ["MATCH", "NO_MATCH", "NOT_REQUESTED", "NOT_PROVIDED"] as const;
export type VatFieldResult = (typeof vatFieldResults)[number];

export const vatCheckedFields = ["name", "street", "postcode", "town"] as const;
export type VatCheckedField = (typeof vatCheckedFields)[number];

/** Whether the confirmation stands in the way of the hand-over: the id is not valid, or a field does not match. */
export function vatConfirmationBlocks(
  confirmation: { state: VatConfirmationState; fields: Record<VatCheckedField, VatFieldResult> } | null | undefined,
): boolean {
  if (!confirmation) return false;
  if (confirmation.state === "NOT_VALID") return true;
  return confirmation.state === "CONFIRMED" && Object.values(confirmation.fields).includes("NO_MATCH");
}
