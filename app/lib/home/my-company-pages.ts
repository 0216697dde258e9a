/**
 * My company's pages, as app/routes.ts lists them (nothing but plain values:
 * the route table is read before aliases resolve).
 */

/** My company's four pages, in the sub-menu's order. */
export const myCompanyPages = ["logistics", "bank-account", "company-info", "legal-documents"] as const;
export type MyCompanyPage = (typeof myCompanyPages)[number];
