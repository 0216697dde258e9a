/**
 * The kinds of documents a seller hands in, apart from their schemas
 * (onboarding-documents.ts) so that a page which only names them does not
 * load zod in the browser.
 */
export const documentKinds = ["TRADE_REGISTER_EXTRACT", "BUSINESS_REGISTRATION", "VAT_CERTIFICATE", "IDENTITY_DOCUMENT"] as const;
export type DocumentKind = (typeof documentKinds)[number];

/** The kinds the documents step lists (the identity document belongs to identification). */
export const companyDocumentKinds = ["TRADE_REGISTER_EXTRACT", "BUSINESS_REGISTRATION", "VAT_CERTIFICATE"] as const satisfies readonly DocumentKind[];

/** The identity documents the identification step takes (its schema: steps/identification.ts). */
export const identityDocumentTypes = ["ID_CARD", "PASSPORT"] as const;
