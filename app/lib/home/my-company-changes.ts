/**
 * My company's change requests (contract/company-changes.ts) as the portal
 * shows them: which page of my company each kind belongs to, the form that
 * starts one, and the page that reviews and confirms it. Pure: the pages,
 * their components and the server share it.
 */
import type { CompanyChange } from "#contract/company-changes.ts";
import { refusedInSubstitution, type CompanyChangeKind } from "#contract/company-change-kinds.ts";
import type { MyCompanyPage } from "./my-company-pages.ts";

export const MY_COMPANY = "/home/my-company";

/** The page of my company a kind of change belongs to. */
export const pageOfKind: Record<CompanyChangeKind, MyCompanyPage> = {
  WAREHOUSE: "logistics",
  BANK_ACCOUNT: "bank-account",
  COMPANY_DATA: "company-info",
  LEGAL_DOCUMENT: "legal-documents",
  REGISTRATIONS: "company-info",
};

/** The form that starts a change: a warehouse's by its id, a legal document's with its kind chosen. */
export function changeFormPath(kind: CompanyChangeKind, target?: string | null): string {
  switch (kind) {
    case "BANK_ACCOUNT":
      return `${MY_COMPANY}/bank-account/change`;
    case "COMPANY_DATA":
      return `${MY_COMPANY}/company-info/change`;
    case "WAREHOUSE":
      return `${MY_COMPANY}/logistics/${encodeURIComponent(target ?? "")}/change`;
    case "LEGAL_DOCUMENT":
      return `${MY_COMPANY}/legal-documents/new${target ? `?kind=${encodeURIComponent(target)}` : ""}`;
    case "REGISTRATIONS":
      return `${MY_COMPANY}/company-info/registrations/change`;
  }
}

/** The page that reviews a draft (and later shows how the change fares). */
export function changePath(changeId: string): string {
  return `${MY_COMPANY}/changes/${encodeURIComponent(changeId)}`;
}

export function pagePath(kind: CompanyChangeKind): string {
  return `${MY_COMPANY}/${pageOfKind[kind]}`;
}

/** Whether this user may make this change: not the bank account or the contract while staff act as the seller (docs/product.md §11). */
export function mayChange(user: { substitutionMode: boolean }, kind: CompanyChangeKind, target?: string | null): boolean {
  return !(user.substitutionMode && refusedInSubstitution(kind, target));
}

/** The latest change of a thing that is no draft: pending, or decided (shown until a newer one is sent). */
export function latestSent(changes: readonly CompanyChange[], kind: CompanyChangeKind, target: string | null = null): CompanyChange | undefined {
  return changes.find((change) => change.kind === kind && change.target === target && change.status !== "DRAFT");
}
