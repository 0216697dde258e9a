import { randomUUID } from "node:crypto";
import {
  companyDocumentKinds,
  OnboardingProgress,
  RepresentativesStep,
  stepNames,
  StepView,
  today,
  type DocumentKind,
  type FormStepName,
  type OnboardingDocument,
  type StepName,
  type StepStatus,
} from "#contract/onboarding.ts";
import { bankDataByIBAN } from "bankdata-germany";
import { maskIban } from "#contract/rules/iban.ts";
import { needsCommercialRegister, type LegalForm } from "#contract/rules/legal-form.ts";
import type { Database } from "./db.ts";
import { readVatConfirmation, vatConfirmationFacts } from "./vat-confirmations.ts";
import { readRegistrationConfirmations, registrationConfirmationFacts } from "./registration-confirmations.ts";

/**
 * The seller's shop setup as the onboarding service keeps it: each step's
 * saved values, the documents, and what makes a step complete.
 */

/** The version of the seller agreement in force; an acceptance of an older one does not count. */
export const CONTRACT_VERSION = "2026-10";
/** The day that version took effect. */
export const CONTRACT_DATE = "2026-10-01";

type StepRow = { seller_id: string; step: FormStepName; data: string; updated_at: string };
type DocumentRow = {
  id: string;
  seller_id: string;
  kind: DocumentKind;
  file_name: string;
  content_type: string;
  size: number;
  content: Uint8Array;
  uploaded_at: string;
};

export type SavedStep = { values: Record<string, unknown>; updatedAt: string };

export function readStep(db: Database, sellerId: string, step: FormStepName): SavedStep | undefined {
  const row = db.prepare("SELECT * FROM onboarding_steps WHERE seller_id = ? AND step = ?").get(sellerId, step) as StepRow | undefined;
  return row ? { values: JSON.parse(row.data) as Record<string, unknown>, updatedAt: row.updated_at } : undefined;
}

export function writeStep(db: Database, sellerId: string, step: FormStepName, values: Record<string, unknown>, at = new Date().toISOString()): void {
  db.prepare(
    `INSERT INTO onboarding_steps (seller_id, step, data, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (seller_id, step) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at`,
  ).run(sellerId, step, JSON.stringify(values), at);
}

export function listDocuments(db: Database, sellerId: string): OnboardingDocument[] {
  const rows = db
    .prepare("SELECT id, kind, file_name, content_type, size, uploaded_at FROM onboarding_documents WHERE seller_id = ? ORDER BY uploaded_at, id")
    .all(sellerId) as Omit<DocumentRow, "content" | "seller_id">[];
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    fileName: row.file_name,
    contentType: row.content_type,
    size: row.size,
    uploadedAt: row.uploaded_at,
  }));
}

export function findDocument(db: Database, sellerId: string, id: string): DocumentRow | undefined {
  return db.prepare("SELECT * FROM onboarding_documents WHERE seller_id = ? AND id = ?").get(sellerId, id) as DocumentRow | undefined;
}

/** Stores a document; a seller has one document per kind, so a new one replaces the old. */
export function saveDocument(
  db: Database,
  sellerId: string,
  document: { kind: DocumentKind; fileName: string; contentType: string; content: Uint8Array },
): OnboardingDocument {
  const id = `doc-${randomUUID()}`;
  const uploadedAt = new Date().toISOString();
  const replace = () => {
    db.prepare("DELETE FROM onboarding_documents WHERE seller_id = ? AND kind = ?").run(sellerId, document.kind);
    db.prepare(
      "INSERT INTO onboarding_documents (id, seller_id, kind, file_name, content_type, size, content, uploaded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    ).run(id, sellerId, document.kind, document.fileName, document.contentType, document.content.byteLength, document.content, uploadedAt);
  };
  // The seed writes inside its own transaction; SQLite does not nest them.
  const saved = { id, kind: document.kind, fileName: document.fileName, contentType: document.contentType, size: document.content.byteLength, uploadedAt };
  if (db.isTransaction) {
    replace();
    return saved;
  }
  db.exec("BEGIN");
  try {
    replace();
    db.exec("COMMIT");
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
  return saved;
}

export function deleteDocument(db: Database, sellerId: string, id: string): boolean {
  return db.prepare("DELETE FROM onboarding_documents WHERE seller_id = ? AND id = ?").run(sellerId, id).changes > 0;
}

export function savedLegalForm(db: Database, sellerId: string): LegalForm | null {
  return (readStep(db, sellerId, "company-information")?.values.legalForm as LegalForm | undefined) ?? null;
}

/**
 * The company documents the legal form requires: the trade-register extract
 * only for a company in the register (and, until the form is known, as if it were).
 */
export function requiredDocumentKinds(legalForm: LegalForm | null): DocumentKind[] {
  return companyDocumentKinds.filter((kind) => kind !== "TRADE_REGISTER_EXTRACT" || legalForm === null || needsCommercialRegister(legalForm));
}

function stepStatus(db: Database, sellerId: string, step: StepName): { status: StepStatus; updatedAt: string | null } {
  if (step === "documents") {
    const documents = listDocuments(db, sellerId).filter((document) => document.kind !== "IDENTITY_DOCUMENT");
    if (documents.length === 0) return { status: "NOT_STARTED", updatedAt: null };
    const present = new Set(documents.map((document) => document.kind));
    const complete = requiredDocumentKinds(savedLegalForm(db, sellerId)).every((kind) => present.has(kind));
    return { status: complete ? "COMPLETE" : "IN_PROGRESS", updatedAt: documents.at(-1)!.uploadedAt };
  }
  const saved = readStep(db, sellerId, step);
  if (!saved) return { status: "NOT_STARTED", updatedAt: null };
  const complete = (() => {
    switch (step) {
      case "contract":
        return saved.values.version === CONTRACT_VERSION;
      case "identification":
        // Saved values are valid when saved; a document can expire since, and the scan must be there.
        return String(saved.values.expiryDate) > today() && listDocuments(db, sellerId).some((document) => document.kind === "IDENTITY_DOCUMENT");
      case "company-type-representatives":
        // Checked against the legal form saved now: changing the form can leave the representatives short.
        return RepresentativesStep.safeParse({ ...saved.values, legalForm: savedLegalForm(db, sellerId) ?? undefined }).success;
      default:
        return true;
    }
  })();
  return { status: complete ? "COMPLETE" : "IN_PROGRESS", updatedAt: saved.updatedAt };
}

export function onboardingProgress(db: Database, sellerId: string): OnboardingProgress {
  const vatConfirmation = vatConfirmationFacts(db, sellerId);
  return OnboardingProgress.parse({
    steps: stepNames.map((step) => ({ step, ...stepStatus(db, sellerId, step) })),
    ...(vatConfirmation ? { vatConfirmation } : {}),
    registrationConfirmations: registrationConfirmationFacts(db, sellerId),
  });
}

/** A step as the service shows it: the bank account's IBAN only masked. */
export function stepView(db: Database, sellerId: string, step: FormStepName): StepView {
  const saved = readStep(db, sellerId, step);
  const { status, updatedAt } = stepStatus(db, sellerId, step);
  let values = saved?.values ?? null;
  const extra: Partial<StepView> = {};
  if (step === "bank-account" && values) {
    extra.ibanMasked = maskIban(String(values.iban));
    // The Bundesbank's bank code list knows German banks; other countries' banks stay unnamed.
    extra.bankName = bankDataByIBAN(String(values.iban))?.bankName ?? null;
    const { iban: _iban, ...rest } = values;
    values = rest;
  }
  if (step === "contract") {
    extra.acceptedAt = saved?.updatedAt ?? null;
    extra.acceptance = saved
      ? {
          version: String(saved.values.version ?? ""),
          acceptedAt: saved.updatedAt,
          signerName: String(saved.values.signerName ?? ""),
          acceptedBy: String(saved.values.acceptedBy ?? ""),
        }
      : null;
  }
  if (step === "company-type-representatives") extra.legalForm = savedLegalForm(db, sellerId);
  if (step === "company-information") {
    extra.vatConfirmation = readVatConfirmation(db, sellerId);
    extra.registrationConfirmations = readRegistrationConfirmations(db, sellerId);
  }
  return StepView.parse({ step, status, updatedAt, values, ...extra });
}
