/**
 * My company's pages and its change forms' paths, as app/routes.ts lists
 * them (type imports only: the route table is read before aliases resolve).
 */
import type { CompanyChangeKind } from "#contract/company-changes.ts";

/** My company's four pages, in the sub-menu's order. */
export const myCompanyPages = ["logistics", "bank-account", "company-info", "legal-documents"] as const;
export type MyCompanyPage = (typeof myCompanyPages)[number];

/** Each change form's route below /home/my-company, and the kind of change it starts. */
export const changeFormRoutes = {
  "bank-account/change": "BANK_ACCOUNT",
  "company-info/change": "COMPANY_DATA",
  "logistics/:warehouseId/change": "WAREHOUSE",
  "legal-documents/new": "LEGAL_DOCUMENT",
} as const satisfies Record<string, CompanyChangeKind>;
