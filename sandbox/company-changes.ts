/**
 * The seller service's change requests of "my company"
 * (contract/company-changes.ts), and the company data on record they lead
 * to: the generated data of home-company.ts with every confirmed change laid
 * over it in the order the marketplace decided them.
 *
 * A change is decided when the control endpoint says so, or by itself once
 * it has waited `decisionDelayMs` since the seller confirmed it (checked
 * whenever the seller's company data is read: no timers).
 */
import type { PageLanguage } from "./oidc/texts.ts";
import { randomUUID } from "node:crypto";
import { CompanyChange, postalAddressOf, type CompanyChangeKind, type CompanyChangeStatus } from "#contract/company-changes.ts";
import type { LegalDocument, SellerDetails, Warehouse, WarehouseValidation } from "#contract/home.ts";
import type { Database } from "./db.ts";
import { lastValidation, legalDocumentPdf, sellerDetails, validationOf, warehouse as generatedWarehouse } from "./home-company.ts";
import { companyChangeDecided } from "./notification-events.ts";
import { readStep } from "./onboarding.ts";
import { parseCategoryRegistrations, registrationFields, registrationKinds, requiredRegistrations, type RegistrationKind } from "#contract/registrations.ts";
import type { SellerRow } from "./repository.ts";

type ChangeRow = {
  id: string;
  seller_id: string;
  kind: CompanyChangeKind;
  target: string | null;
  data: string;
  content: Uint8Array | null;
  status: CompanyChangeStatus;
  requested_by: string;
  created_at: string;
  submitted_at: string | null;
  decided_at: string | null;
};

/** A change's data as stored: the values on record once confirmed (the IBAN in full), and why it was refused. */
type StoredData = { values: Record<string, unknown>; reason?: string | null };

/** Only the country, check digits and last four digits stay readable, in groups of four. */
function maskIban(iban: string): string {
  const compact = iban.replace(/\s+/g, "");
  return (compact.slice(0, 4) + "*".repeat(Math.max(0, compact.length - 8)) + compact.slice(-4)).replace(/(.{4})/g, "$1 ").trim();
}

export function toCompanyChange(row: ChangeRow): CompanyChange {
  const stored = JSON.parse(row.data) as StoredData;
  const values =
    row.kind === "BANK_ACCOUNT"
      ? { accountHolder: stored.values.accountHolder, ibanMasked: maskIban(String(stored.values.iban)), bic: stored.values.bic }
      : stored.values;
  return CompanyChange.parse({
    id: row.id,
    kind: row.kind,
    target: row.target,
    status: row.status,
    values,
    createdAt: row.created_at,
    submittedAt: row.submitted_at,
    decidedAt: row.decided_at,
    reason: stored.reason ?? null,
  });
}

export type NewChange = { kind: CompanyChangeKind; target: string | null; values: Record<string, unknown>; content?: Uint8Array };

export function createChange(db: Database, seller: SellerRow, userId: string, change: NewChange, now = new Date()): ChangeRow {
  const id = `change-${randomUUID()}`;
  db.prepare(
    `INSERT INTO company_changes (id, seller_id, kind, target, data, content, status, requested_by, created_at)
     VALUES (?, ?, ?, ?, ?, ?, 'DRAFT', ?, ?)`,
  ).run(id, seller.id, change.kind, change.target, JSON.stringify({ values: change.values }), change.content ?? null, userId, now.toISOString());
  return findChange(db, seller.id, id)!;
}

export function findChange(db: Database, sellerId: string, changeId: string): ChangeRow | undefined {
  return db.prepare("SELECT * FROM company_changes WHERE id = ? AND seller_id = ?").get(changeId, sellerId) as ChangeRow | undefined;
}

export function listChanges(db: Database, sellerId: string): ChangeRow[] {
  return db.prepare("SELECT * FROM company_changes WHERE seller_id = ? ORDER BY created_at DESC, rowid DESC").all(sellerId) as ChangeRow[];
}

/** A change of the same thing waiting for the marketplace: a second one would race it. */
export function pendingChangeOf(db: Database, sellerId: string, kind: CompanyChangeKind, target: string | null): ChangeRow | undefined {
  return db.prepare("SELECT * FROM company_changes WHERE seller_id = ? AND kind = ? AND target IS ? AND status = 'PENDING'").get(sellerId, kind, target) as
    ChangeRow | undefined;
}

export function submitChange(db: Database, change: ChangeRow, now = new Date()): void {
  db.prepare("UPDATE company_changes SET status = 'PENDING', submitted_at = ? WHERE id = ?").run(now.toISOString(), change.id);
}

export function discardChange(db: Database, change: ChangeRow): void {
  db.prepare("DELETE FROM company_changes WHERE id = ?").run(change.id);
}

/**
 * Decides pending changes: all of one seller (or of every seller), or only
 * those that have waited long enough. Answers how many were decided.
 */
export function decidePendingChanges(
  db: Database,
  options: { sellerId?: string; decision: "CONFIRMED" | "REJECTED"; reason?: string; submittedBefore?: string },
  now = new Date(),
): number {
  const rows = db
    .prepare(
      `SELECT * FROM company_changes WHERE status = 'PENDING' AND (? IS NULL OR seller_id = ?) AND (? IS NULL OR submitted_at <= ?) ORDER BY submitted_at, rowid`,
    )
    .all(options.sellerId ?? null, options.sellerId ?? null, options.submittedBefore ?? null, options.submittedBefore ?? null) as ChangeRow[];
  for (const row of rows) {
    const stored = JSON.parse(row.data) as StoredData;
    const reason = options.decision === "REJECTED" ? (options.reason ?? "The marketplace could not verify the change") : null;
    db.prepare("UPDATE company_changes SET status = ?, decided_at = ?, data = ? WHERE id = ?").run(
      options.decision,
      now.toISOString(),
      JSON.stringify({ ...stored, reason }),
      row.id,
    );
    companyChangeDecided(db, { id: row.id, sellerId: row.seller_id, kind: row.kind, decision: options.decision, reason });
  }
  return rows.length;
}

/** Confirms the seller's changes that have waited `delayMs` since the seller sent them: the marketplace's own pace. */
export function decideOverdueChanges(db: Database, sellerId: string, delayMs: number, now = new Date()): void {
  decidePendingChanges(db, { sellerId, decision: "CONFIRMED", submittedBefore: new Date(now.getTime() - delayMs).toISOString() }, now);
}

function confirmed(db: Database, sellerId: string, kind: CompanyChangeKind, target?: string): ChangeRow[] {
  return (
    db
      .prepare("SELECT * FROM company_changes WHERE seller_id = ? AND kind = ? AND status = 'CONFIRMED' ORDER BY decided_at, rowid")
      .all(sellerId, kind) as ChangeRow[]
  ).filter((row) => target === undefined || row.target === target);
}

const valuesOf = (row: ChangeRow) => (JSON.parse(row.data) as StoredData).values;

function documentOf(row: ChangeRow): LegalDocument {
  const values = valuesOf(row);
  return {
    id: `doc-${row.id}`,
    kind: row.target as LegalDocument["kind"],
    fileName: String(values.fileName),
    contentType: String(values.contentType),
    size: Number(values.size),
    uploadedAt: row.decided_at!,
    ...(typeof values.expiryDate === "string" ? { expiryDate: values.expiryDate } : {}),
  };
}

/** The company data on record: the seller's data with its confirmed changes. */
export function currentSellerDetails(db: Database, seller: SellerRow): SellerDetails {
  // The company's name is the one the seller registered in the shop setup, not the one it was invited with.
  const legalName = readStep(db, seller.id, "company-information")?.values.legalName;
  const details = sellerDetails({ ...seller, name: typeof legalName === "string" && legalName.trim() ? legalName.trim() : seller.name });
  const company = confirmed(db, seller.id, "COMPANY_DATA").at(-1);
  const bank = confirmed(db, seller.id, "BANK_ACCOUNT").at(-1);
  const documents = confirmed(db, seller.id, "LEGAL_DOCUMENT");
  const bankValues = bank ? valuesOf(bank) : undefined;
  return {
    ...details,
    ...(company ? (valuesOf(company) as Partial<SellerDetails>) : {}),
    bankAccount: bankValues
      ? { accountHolder: String(bankValues.accountHolder), iban: String(bankValues.iban), bic: String(bankValues.bic), bankName: null }
      : details.bankAccount,
    registrations: registrationsOnRecord(db, seller),
    // A new version takes the place of the document of its kind.
    legalDocuments: [
      ...details.legalDocuments.map((document) => {
        const latest = documents.filter((row) => row.target === document.kind).at(-1);
        return latest ? documentOf(latest) : document;
      }),
      // A kind the seller had none of here (the ID document, kept from the shop setup until now): its latest version.
      ...[...new Set(documents.map((row) => row.target))]
        .filter((kind) => !details.legalDocuments.some((document) => document.kind === kind))
        .map((kind) => documentOf(documents.filter((row) => row.target === kind).at(-1)!)),
    ],
  };
}

/** A legal document's file: a confirmed new version's bytes, or the generated PDF. */
export function legalDocumentFile(db: Database, seller: SellerRow, documentId: string): { document: LegalDocument; content: Buffer } | undefined {
  const document = currentSellerDetails(db, seller).legalDocuments.find((candidate) => candidate.id === documentId);
  if (!document) return undefined;
  if (!documentId.startsWith("doc-change-")) return { document, content: legalDocumentPdf(seller.id, document.fileName) };
  const row = findChange(db, seller.id, documentId.slice("doc-".length));
  return row?.content ? { document, content: Buffer.from(row.content) } : undefined;
}

/** A warehouse as on record: generated, with its last confirmed change. */
export function currentWarehouse(db: Database, sellerId: string, warehouseId: string): Warehouse | undefined {
  const base = generatedWarehouse(sellerId, warehouseId);
  if (!base) return undefined;
  const change = confirmed(db, sellerId, "WAREHOUSE", warehouseId).at(-1);
  return change ? { ...(valuesOf(change) as Warehouse), id: warehouseId } : base;
}

/** A warehouse's last validation: pending while a change waits, else of the data on record when it was decided. */
export function currentValidation(db: Database, sellerId: string, warehouseId: string, language: PageLanguage = "en"): WarehouseValidation | undefined {
  const pending = pendingChangeOf(db, sellerId, "WAREHOUSE", warehouseId);
  if (pending) return { warehouseId, validatedAt: pending.submitted_at!, result: "PENDING", findings: [] };
  const change = confirmed(db, sellerId, "WAREHOUSE", warehouseId).at(-1);
  const current = currentWarehouse(db, sellerId, warehouseId);
  if (!change || !current) return lastValidation(sellerId, warehouseId, Date.now(), language);
  return validationOf(current, change.decided_at!, language);
}

/** The values a form's change puts on record (addresses as the service keeps them). */
export function recordValues(kind: CompanyChangeKind, form: Record<string, unknown>, warehouseId?: string): Record<string, unknown> {
  const address = () => postalAddressOf(form as Parameters<typeof postalAddressOf>[0]);
  switch (kind) {
    case "BANK_ACCOUNT":
      return { accountHolder: form.accountHolder, iban: form.iban, bic: form.bic };
    case "WAREHOUSE":
      return {
        id: warehouseId,
        name: form.name,
        address: address(),
        contactPerson: form.contactPerson,
        handlingTimeDays: form.handlingTimeDays,
        cutOffTime: form.cutOffTime,
      };
    case "COMPANY_DATA":
      return {
        companyName: form.legalName,
        legalForm: form.legalForm,
        vatId: form.vatId ?? null,
        taxNumber: form.taxNumber ?? null,
        registerCourt: form.registerCourt ?? null,
        commercialRegisterNumber: form.registerNumber ?? null,
        registeredAddress: address(),
        contactEmail: form.contactEmail,
        phone: form.phone ?? null,
      };
    case "LEGAL_DOCUMENT":
    case "REGISTRATIONS":
      return form;
  }
}

/**
 * The registrations on record: the shop setup's company information, or the latest confirmed change of them (its
 * numbers, and the answers or categories that said which apply).
 */
function registrationsOnRecord(db: Database, seller: SellerRow): NonNullable<SellerDetails["registrations"]> {
  const step = readStep(db, seller.id, "company-information")?.values ?? {};
  const change = confirmed(db, seller.id, "REGISTRATIONS").at(-1);
  const changed = change
    ? (valuesOf(change) as { registrations: { kind: RegistrationKind; registrationNumber: string }[]; answers?: Record<string, unknown> })
    : null;
  const source: Record<string, unknown> = changed
    ? {
        ...changed.answers,
        ...Object.fromEntries(changed.registrations.map((registration) => [registrationFields[registration.kind], registration.registrationNumber])),
      }
    : step;
  const applies = requiredRegistrations(source);
  const numbers = registrationKinds.flatMap((kind) => {
    const value = source[registrationFields[kind]];
    const registrationNumber = typeof value === "string" && value ? value : null;
    return applies.includes(kind) || registrationNumber ? [{ kind, registrationNumber }] : [];
  });
  return { applies, fromCategories: parseCategoryRegistrations(source.categoryRegistrations) !== null, numbers };
}
