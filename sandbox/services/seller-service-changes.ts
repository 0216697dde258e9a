import express, { type Response } from "express";
import type { z } from "zod";
import {
  BankAccountChange,
  CompanyChange,
  CompanyChanges,
  CompanyDataChange,
  companyChangeMessages,
  LegalDocumentChange,
  RegistrationsChange,
  refusedInSubstitution,
  WarehouseChange,
  type CompanyChangeKind,
} from "#contract/company-changes.ts";
import { validationMessages } from "#contract/onboarding.ts";
import { detectDocumentType } from "#contract/rules/document-type.ts";
import {
  createChange,
  currentSellerDetails,
  discardChange,
  findChange,
  listChanges,
  pendingChangeOf,
  recordValues,
  submitChange,
  toCompanyChange,
} from "../company-changes.ts";
import { confirmationFromRegister, registrationBlocks, registrationFields, registrationRequestsOf } from "#contract/registrations.ts";
import { registerLookup } from "../producer-register.ts";
import type { SandboxContext } from "../context.ts";
import { warehouseIds } from "../home-company.ts";
import { recorded } from "../activity.ts";
import { sendError } from "../http/errors.ts";
import { signedInUser } from "../http/service-guard.ts";
import { effectiveSellerId, findSellerById, type SellerRow } from "../repository.ts";
import { readMultipart } from "./onboarding-steps.ts";

function englishMessage(message: string): string {
  return (validationMessages as Record<string, string>)[message] ?? (companyChangeMessages as Record<string, string>)[message] ?? message;
}

function sendValidationError(res: Response, issues: z.core.$ZodIssue[]): void {
  sendError(res, 400, "The change has invalid values", "VALIDATION_ERROR", {
    errors: issues.map((issue) => ({ fieldName: issue.path.map(String).join("."), errorMessage: englishMessage(issue.message) })),
  });
}

/**
 * The seller service's change requests of "my company" (contract/company-changes.ts):
 * drafts, the seller's confirmation, discarding a draft. Deciding them is the
 * marketplace's (the control endpoint, or the delay; sandbox/company-changes.ts).
 */
export function sellerServiceChangesRoutes(context: SandboxContext, decideOverdue: (sellerId: string) => void): express.Router {
  const { db } = context;
  const router = express.Router();

  /** The seller of the path, when the signed-in user may change its company data: its administrator, or staff acting as it. */
  const changingSeller = (res: Response, sellerId: string): SellerRow | undefined => {
    const user = signedInUser(res);
    const seller = findSellerById(db, sellerId);
    if (!seller || effectiveSellerId(user) !== sellerId) {
      sendError(res, 404, `No seller ${sellerId}`, "SELLER_NOT_FOUND");
      return undefined;
    }
    if (!user.substituted_seller_id && user.role !== "SELLER_ADMINISTRATOR") {
      sendError(res, 403, "Only the seller's administrators change its company data", "FORBIDDEN");
      return undefined;
    }
    if (seller.state !== "ACTIVE") {
      sendError(res, 409, `Company data changes here once the seller is active (state ${seller.state}); before, in the shop setup`, "INVALID_STATE");
      return undefined;
    }
    decideOverdue(seller.id);
    return seller;
  };

  /** Refuses what staff acting as the seller may not change (docs/product.md §11). */
  const refusedForStaff = (res: Response, kind: CompanyChangeKind, documentKind?: string | null): boolean => {
    if (!signedInUser(res).substituted_seller_id || !refusedInSubstitution(kind, documentKind)) return false;
    sendError(res, 403, "Staff acting as a seller may not change the bank account or the contract", "SUBSTITUTION_FORBIDDEN");
    return true;
  };

  const refusedWhilePending = (res: Response, seller: SellerRow, kind: CompanyChangeKind, target: string | null): boolean => {
    if (!pendingChangeOf(db, seller.id, kind, target)) return false;
    sendError(res, 409, "A change of this is waiting for the marketplace's decision already", "CHANGE_PENDING");
    return true;
  };

  const draft = (res: Response, seller: SellerRow, kind: CompanyChangeKind, target: string | null, values: Record<string, unknown>, content?: Uint8Array) => {
    const row = createChange(db, seller, signedInUser(res).id, { kind, target, values, content });
    res.status(201).json(CompanyChange.parse(toCompanyChange(row)));
  };

  router.get("/v2/seller/:sellerId/changes", (req, res) => {
    const seller = changingSeller(res, req.params.sellerId);
    if (seller) res.json(CompanyChanges.parse({ changes: listChanges(db, seller.id).map(toCompanyChange) }));
  });

  router.get("/v2/seller/:sellerId/changes/:changeId", (req, res) => {
    const seller = changingSeller(res, req.params.sellerId);
    const change = seller && findChange(db, seller.id, req.params.changeId);
    if (seller && !change) return sendError(res, 404, `No change ${req.params.changeId}`, "CHANGE_NOT_FOUND");
    if (change) res.json(toCompanyChange(change));
  });

  router.post("/v2/seller/:sellerId/changes/bank-account", (req, res) => {
    const seller = changingSeller(res, req.params.sellerId);
    if (!seller || refusedForStaff(res, "BANK_ACCOUNT") || refusedWhilePending(res, seller, "BANK_ACCOUNT", null)) return;
    const parsed = BankAccountChange.safeParse(req.body);
    if (!parsed.success) return sendValidationError(res, parsed.error.issues);
    draft(res, seller, "BANK_ACCOUNT", null, recordValues("BANK_ACCOUNT", parsed.data));
  });

  router.post("/v2/seller/:sellerId/changes/company-data", (req, res) => {
    const seller = changingSeller(res, req.params.sellerId);
    if (!seller || refusedWhilePending(res, seller, "COMPANY_DATA", null)) return;
    const parsed = CompanyDataChange.safeParse(req.body);
    if (!parsed.success) return sendValidationError(res, parsed.error.issues);
    draft(res, seller, "COMPANY_DATA", null, recordValues("COMPANY_DATA", parsed.data));
  });

  router.post("/v2/seller/:sellerId/changes/warehouses/:warehouseId", (req, res) => {
    const seller = changingSeller(res, req.params.sellerId);
    if (!seller) return;
    const { warehouseId } = req.params;
    if (!warehouseIds(seller.id).includes(warehouseId)) return sendError(res, 404, `No warehouse ${warehouseId}`, "WAREHOUSE_NOT_FOUND");
    if (refusedWhilePending(res, seller, "WAREHOUSE", warehouseId)) return;
    const parsed = WarehouseChange.safeParse(req.body);
    if (!parsed.success) return sendValidationError(res, parsed.error.issues);
    draft(res, seller, "WAREHOUSE", warehouseId, recordValues("WAREHOUSE", parsed.data, warehouseId));
  });

  /**
   * The registrations the law requires: the shop setup's rules, then each number asked at its register as at
   * onboarding (a register that is down leaves it to be confirmed); one held by another company, not in the register
   * or deregistered is refused on its field.
   */
  router.post("/v2/seller/:sellerId/changes/registrations", (req, res) => {
    const seller = changingSeller(res, req.params.sellerId);
    if (!seller || refusedWhilePending(res, seller, "REGISTRATIONS", null)) return;
    const parsed = RegistrationsChange.safeParse(req.body);
    if (!parsed.success) return sendValidationError(res, parsed.error.issues);
    const companyName = currentSellerDetails(db, seller).companyName;
    const asked = registrationRequestsOf({ ...parsed.data, legalName: companyName });
    const now = new Date();
    const confirmations = asked.map((request) =>
      confirmationFromRegister(registerLookup(db, request.kind, request.registrationNumber, context.producerRegister).answer, request, now),
    );
    const blocked = confirmations.filter(registrationBlocks);
    if (blocked.length > 0) {
      const codes = { OTHER_HOLDER: "registrationOtherHolder", NOT_FOUND: "registrationNotFound", DEREGISTERED: "registrationDeregistered" } as const;
      return sendError(res, 400, "A registration is not held by this company", "VALIDATION_ERROR", {
        errors: blocked.map((confirmation) => ({
          fieldName: registrationFields[confirmation.kind],
          errorMessage: codes[confirmation.result as keyof typeof codes],
        })),
      });
    }
    const { categoryRegistrations, sellsElectrical, sellsBatteries } = parsed.data;
    draft(
      res,
      seller,
      "REGISTRATIONS",
      null,
      recordValues("REGISTRATIONS", {
        registrations: asked.map(({ kind, registrationNumber }) => ({ kind, registrationNumber })),
        confirmations,
        answers: { categoryRegistrations, sellsElectrical, sellsBatteries },
      }),
    );
  });

  router.post("/v2/seller/:sellerId/changes/legal-documents", async (req, res) => {
    const seller = changingSeller(res, req.params.sellerId);
    if (!seller) return;
    if (!req.is("multipart/form-data")) return sendError(res, 415, "Expected multipart/form-data", "UNSUPPORTED_MEDIA_TYPE");
    const form = await readMultipart(req);
    if (!form) {
      return sendError(res, 413, "The upload is too large or malformed", "PAYLOAD_TOO_LARGE", {
        errors: [{ fieldName: "file", errorMessage: validationMessages.documentTooLarge }],
      });
    }
    const parsed = LegalDocumentChange.safeParse({
      documentKind: form.get("documentKind") ?? undefined,
      file: form.get("file") ?? undefined,
      expiryDate: form.get("expiryDate") ?? undefined,
    });
    if (!parsed.success) return sendValidationError(res, parsed.error.issues);
    const { documentKind, file } = parsed.data;
    // An ID document's expiry date: the compliance calendar reads it once the change is confirmed (sandbox/obligations.ts).
    const expiry = "expiryDate" in parsed.data && parsed.data.expiryDate ? { expiryDate: parsed.data.expiryDate } : {};
    if (refusedForStaff(res, "LEGAL_DOCUMENT", documentKind) || refusedWhilePending(res, seller, "LEGAL_DOCUMENT", documentKind)) return;
    const content = new Uint8Array(await file.arrayBuffer());
    const contentType = detectDocumentType(content.subarray(0, 16));
    if (!contentType) {
      return sendError(res, 400, "The document is not a PDF, JPEG or PNG file", "VALIDATION_ERROR", {
        errors: [{ fieldName: "file", errorMessage: validationMessages.documentType }],
      });
    }
    draft(res, seller, "LEGAL_DOCUMENT", documentKind, { fileName: file.name || "document", contentType, size: content.byteLength, ...expiry }, content);
  });

  /** The seller confirms a draft: from now on it waits for the marketplace. */
  router.post("/v2/seller/:sellerId/changes/:changeId/submit", (req, res) => {
    const seller = changingSeller(res, req.params.sellerId);
    const change = seller && findChange(db, seller.id, req.params.changeId);
    if (!seller) return;
    if (!change) return sendError(res, 404, `No change ${req.params.changeId}`, "CHANGE_NOT_FOUND");
    if (refusedForStaff(res, change.kind, change.target)) return;
    if (change.status !== "DRAFT") return sendError(res, 409, `The change was sent already (${change.status})`, "INVALID_STATE");
    if (refusedWhilePending(res, seller, change.kind, change.target)) return;
    recorded(
      db,
      res,
      () => submitChange(db, change),
      () => ({ sellerId: seller.id, kind: "CHANGE_REQUEST_SENT", params: { change: change.kind, ...(change.target ? { target: change.target } : {}) } }),
    );
    res.json(toCompanyChange(findChange(db, seller.id, change.id)!));
  });

  router.delete("/v2/seller/:sellerId/changes/:changeId", (req, res) => {
    const seller = changingSeller(res, req.params.sellerId);
    const change = seller && findChange(db, seller.id, req.params.changeId);
    if (!seller) return;
    if (!change) return sendError(res, 404, `No change ${req.params.changeId}`, "CHANGE_NOT_FOUND");
    if (change.status !== "DRAFT") return sendError(res, 409, `Only a draft can be discarded (${change.status})`, "INVALID_STATE");
    discardChange(db, change);
    res.status(204).end();
  });

  return router;
}
