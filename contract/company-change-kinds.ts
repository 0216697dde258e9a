/**
 * The kinds of change to an active seller's company data and the one rule
 * about them that pages show, apart from the change schemas
 * (company-changes.ts) so that a page which only names a kind does not load
 * zod and the shop setup's rules in the browser.
 */
export const companyChangeKinds = ["BANK_ACCOUNT", "WAREHOUSE", "COMPANY_DATA", "LEGAL_DOCUMENT", "REGISTRATIONS"] as const;
export type CompanyChangeKind = (typeof companyChangeKinds)[number];

/**
 * What a staff member acting as the seller may not change (docs/product.md
 * §11): the bank account, and the contract (its new version is a legal
 * document of kind CONTRACT). The portal and the service both refuse it.
 */
export function refusedInSubstitution(kind: CompanyChangeKind, documentKind?: string | null): boolean {
  return kind === "BANK_ACCOUNT" || (kind === "LEGAL_DOCUMENT" && documentKind === "CONTRACT");
}
