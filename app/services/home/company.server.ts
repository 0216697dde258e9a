/**
 * My company: the seller's company data, warehouses with their last
 * validation, bank account (IBAN masked) and legal documents, from the
 * seller service; beside each, the changes of it under way
 * (my-company/changes.server.ts) and whether this user may start one.
 */
import { requireUser } from "#app/services/session/current-user.server.ts";
import { currentSellerId } from "#app/services/session/session.server.ts";
import { companyChanges } from "./my-company-changes.server.ts";
import { settle } from "#app/services/upstream/upstream-error.server.ts";
import { getI18n } from "#app/services/i18n/i18n.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { orRouteError, UpstreamError } from "#app/services/upstream/upstream-error.server.ts";
import type { RequestArgs } from "#app/services/request/request-args.ts";
import { safeReturnPath } from "#app/lib/safe-path.ts";

/** Only the country code and the last four digits stay readable: DE89 **** **** **** **30 00. */
export function maskIban(iban: string): string {
  const compact = iban.replace(/\s+/g, "").toUpperCase();
  if (compact.length < 8) return "*".repeat(compact.length);
  const masked = compact.slice(0, 4) + "*".repeat(compact.length - 8) + compact.slice(-4);
  return masked.replace(/(.{4})/g, "$1 ").trim();
}

function sellerDetails(args: RequestArgs) {
  return orRouteError(upstream(args).sellerService.seller(currentSellerId(args)));
}

/** The seller's details, the changes under way (null: not available) and whether staff act as the seller, read at once. */
async function detailsAndChanges(args: RequestArgs) {
  const [details, changes, user] = await Promise.all([sellerDetails(args), companyChanges(args), requireUser(args)]);
  return { details, changes, actingAsSeller: user.substitutionMode };
}

export async function companyInfoLoader(args: RequestArgs) {
  const { details, changes, actingAsSeller } = await detailsAndChanges(args);
  const { bankAccount: _bankAccount, legalDocuments: _documents, warehouseIds: _warehouses, ...company } = details;
  return { title: getI18n(args.context).t("myCompany.companyInfo.title"), company, changes, actingAsSeller };
}

/** When the seller is paid out next, or the past-due obligations that hold payouts back; null when the service could not say. */
async function payoutsOf(args: RequestArgs) {
  const payouts = await settle(upstream(args).sellerService.payouts(currentSellerId(args)));
  if (!payouts.ok) return null;
  const { state, nextPayoutDate, heldBy } = payouts.value;
  return {
    state,
    nextPayoutDate,
    heldBy: heldBy.map(({ id, subject, dueDate, actionPath }) => ({ id, subject, dueDate, actionPath: safeReturnPath(actionPath) ?? null })),
  };
}

export async function bankAccountLoader(args: RequestArgs) {
  const [{ details, changes, actingAsSeller }, payouts] = await Promise.all([detailsAndChanges(args), payoutsOf(args)]);
  const { bankAccount } = details;
  return {
    payouts,
    title: getI18n(args.context).t("myCompany.bankAccount.title"),
    bankAccount: bankAccount ? { ...bankAccount, iban: maskIban(bankAccount.iban) } : null,
    changes,
    actingAsSeller,
  };
}

export async function legalDocumentsLoader(args: RequestArgs) {
  const { details, changes, actingAsSeller } = await detailsAndChanges(args);
  return { title: getI18n(args.context).t("myCompany.legalDocuments.title"), documents: details.legalDocuments, changes, actingAsSeller };
}

/** Warehouses need the seller's list of them first; then each warehouse and its validation at once. */
export async function logisticsLoader(args: RequestArgs) {
  const sellerId = currentSellerId(args);
  const [{ warehouseIds }, changes] = await Promise.all([sellerDetails(args), companyChanges(args)]);
  const service = upstream(args).sellerService;
  const warehouses = await Promise.all(
    warehouseIds.map(async (warehouseId) => {
      const [warehouse, validation] = await Promise.all([
        orRouteError(service.warehouse(sellerId, warehouseId)),
        settle(service.lastValidation(sellerId, warehouseId)),
      ]);
      return { warehouse, validation: validation.ok ? validation.value : null };
    }),
  );
  return { title: getI18n(args.context).t("myCompany.logistics.title"), warehouses, changes };
}

/** A legal document's file, as the seller service holds it. */
export async function legalDocumentFile(args: RequestArgs, documentId: string) {
  const document = await orRouteError(
    upstream(args)
      .sellerService.legalDocument(currentSellerId(args), documentId)
      .catch((error: unknown) => {
        // A document the seller does not have is a file that does not exist here.
        if (error instanceof UpstreamError && error.status === 404) throw new Response("Not Found", { status: 404 });
        throw error;
      }),
  );
  return { ...document, content: Buffer.from(document.contentBase64, "base64") };
}
