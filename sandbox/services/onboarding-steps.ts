import express, { type Request, type Response } from "express";
import type { z } from "zod";
import {
  ContractTerms,
  DocumentList,
  DocumentUpload,
  FormStepName,
  type StepName,
  stepSchemas,
  stepsRefusedInSubstitution,
  validationMessages,
  type ValidationCode,
} from "#contract/onboarding.ts";
import { detectDocumentType, MAX_DOCUMENT_BYTES } from "#contract/rules/document-type.ts";
import type { SandboxContext } from "../context.ts";
import { sameVatRequest, toBeConfirmed, VatConfirmation, vatConfirmationRequestOf, vatServiceFor } from "#contract/vat-confirmation.ts";
import { readVatConfirmation, writeVatConfirmation } from "../vat-confirmations.ts";
import { RegistrationConfirmations } from "#contract/registrations.ts";
import { acceptRegistrationConfirmations, readRegistrationConfirmations, registrationsSaved } from "../registration-confirmations.ts";
import type { Database } from "../db.ts";
import { sendError } from "../http/errors.ts";
import { signedInUser } from "../http/service-guard.ts";
import {
  CONTRACT_DATE,
  CONTRACT_VERSION,
  deleteDocument,
  findDocument,
  listDocuments,
  onboardingProgress,
  requiredDocumentKinds,
  saveDocument,
  savedLegalForm,
  stepView,
  writeStep,
} from "../onboarding.ts";
import { markOnboardingStarted, sellerNameTaken, type SellerRow } from "../repository.ts";
import { recorded } from "../activity.ts";

/** States in which the shop setup can still change: the catalogue has not been handed over. */
const EDITABLE_STATES = new Set(["REGISTERED", "ONBOARDING"]);

/** A multipart body may hold one document and a few fields. */
const MAX_UPLOAD_BODY_BYTES = MAX_DOCUMENT_BYTES + 64 * 1024;

function englishMessage(message: string): string {
  return validationMessages[message as ValidationCode] ?? message;
}

function sendValidationError(res: Response, issues: z.core.$ZodIssue[]): void {
  sendError(res, 400, "The step has invalid values", "VALIDATION_ERROR", {
    errors: issues.map((issue) => ({ fieldName: issue.path.map(String).join("."), errorMessage: englishMessage(issue.message) })),
  });
}

const terms: Record<"en" | "de", ContractTerms> = {
  en: {
    version: CONTRACT_VERSION,
    date: CONTRACT_DATE,
    title: "Seller agreement",
    sections: [
      {
        heading: "1. Subject",
        body: "The seller offers products on the marketplace in their own name and for their own account. The marketplace provides the platform, payment processing and customer service for orders.",
      },
      {
        heading: "2. Commission",
        body: "For every order delivered, the marketplace retains a commission of 12 % of the gross sales price, including shipping costs, plus the statutory VAT.",
      },
      { heading: "3. Payouts", body: "Payouts are made every 14 days to the bank account named in the shop setup, after deduction of commission and refunds." },
      {
        heading: "4. Obligations",
        body: "The seller ships within the delivery time stated in the offer, accepts returns within 30 days and complies with product safety and packaging law (VerpackG).",
      },
      {
        heading: "5. Term",
        body: "The agreement runs for an indefinite period and can be terminated by either party with 30 days' notice to the end of a month.",
      },
    ],
  },
  de: {
    version: CONTRACT_VERSION,
    date: CONTRACT_DATE,
    title: "Händlervertrag",
    sections: [
      {
        heading: "1. Gegenstand",
        body: "Die verkaufende Partei bietet Produkte im eigenen Namen und auf eigene Rechnung auf dem Marktplatz an. Der Marktplatz stellt die Plattform, die Zahlungsabwicklung und den Kundenservice für Bestellungen bereit.",
      },
      {
        heading: "2. Provision",
        body: "Für jede ausgelieferte Bestellung behält der Marktplatz eine Provision von 12 % des Bruttoverkaufspreises einschließlich Versandkosten zuzüglich der gesetzlichen Umsatzsteuer ein.",
      },
      {
        heading: "3. Auszahlungen",
        body: "Auszahlungen erfolgen alle 14 Tage auf das in der Shop-Einrichtung angegebene Bankkonto, abzüglich Provision und Erstattungen.",
      },
      {
        heading: "4. Pflichten",
        body: "Die verkaufende Partei versendet innerhalb der im Angebot genannten Lieferzeit, nimmt Rücksendungen innerhalb von 30 Tagen an und hält Produktsicherheits- und Verpackungsrecht (VerpackG) ein.",
      },
      {
        heading: "5. Laufzeit",
        body: "Der Vertrag läuft auf unbestimmte Zeit und kann von beiden Seiten mit einer Frist von 30 Tagen zum Monatsende gekündigt werden.",
      },
    ],
  },
};

/** Reads a multipart body of one document and a few fields as it arrives, giving up once it passes the limit (no Content-Length trusted). */
export async function readMultipart(req: Request): Promise<FormData | undefined> {
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    received += chunk.byteLength;
    if (received > MAX_UPLOAD_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  try {
    return await new Response(Buffer.concat(chunks), { headers: { "content-type": req.get("content-type") ?? "" } }).formData();
  } catch {
    return undefined;
  }
}

/** The shop-setup steps and documents of the onboarding service. */
export function onboardingStepsRouter(context: SandboxContext, currentSeller: (res: Response) => SellerRow | undefined): express.Router {
  const { db } = context;
  const router = express.Router();

  /** The seller, if its setup may still change and this user may change this step; otherwise the answer is sent. */
  const editableSeller = (res: Response, step: StepName): SellerRow | undefined => {
    const seller = currentSeller(res);
    if (!seller) return undefined;
    if (!EDITABLE_STATES.has(seller.state)) {
      sendError(res, 409, `The shop setup cannot change any more (state ${seller.state})`, "INVALID_STATE");
      return undefined;
    }
    if (signedInUser(res).substituted_seller_id && stepsRefusedInSubstitution.includes(step)) {
      sendError(res, 403, "Staff acting as a seller may not change the bank account or the contract", "SUBSTITUTION_FORBIDDEN");
      return undefined;
    }
    return seller;
  };

  router.get("/me/seller/onboarding", (_req, res) => {
    const seller = currentSeller(res);
    if (seller) res.json(onboardingProgress(db, seller.id));
  });

  router.get("/me/seller/onboarding/contract-terms", (req, res) => {
    res.json(ContractTerms.parse(terms[req.acceptsLanguages("de", "en") === "de" ? "de" : "en"]));
  });

  router.get("/me/seller/onboarding/steps/:step", (req, res) => {
    const step = FormStepName.safeParse(req.params.step);
    if (!step.success) return sendError(res, 404, `No such step: ${req.params.step}`, "NOT_FOUND");
    const seller = currentSeller(res);
    if (seller) res.json(stepView(db, seller.id, step.data));
  });

  router.put("/me/seller/onboarding/steps/:step", (req, res) => {
    const step = FormStepName.safeParse(req.params.step);
    if (!step.success) return sendError(res, 404, `No such step: ${req.params.step}`, "NOT_FOUND");
    const seller = editableSeller(res, step.data);
    if (!seller) return;
    const body = typeof req.body === "object" && req.body !== null ? (req.body as Record<string, unknown>) : {};
    // The representatives are checked against the legal form the service has, never one the caller sends.
    const input = step.data === "company-type-representatives" ? { ...body, legalForm: savedLegalForm(db, seller.id) ?? undefined } : body;
    const parsed = stepSchemas[step.data].safeParse(input);
    if (!parsed.success) return sendValidationError(res, parsed.error.issues);
    const values = parsed.data as Record<string, unknown>;
    if (step.data === "account-information" && sellerNameTaken(db, String(values.shopName), seller.id)) {
      return sendError(res, 409, "The shop name is taken", "SHOP_NAME_TAKEN", {
        errors: [{ fieldName: "shopName", errorMessage: validationMessages.shopNameTaken }],
      });
    }
    // The acceptance's record: the version in force and the account that accepted it (the time is the save's).
    if (step.data === "contract") Object.assign(values, { version: CONTRACT_VERSION, acceptedBy: signedInUser(res).email });
    if (step.data === "company-type-representatives") delete values.legalForm;
    recorded(
      db,
      res,
      () => {
        writeStep(db, seller.id, step.data, values);
        if (step.data === "company-information") {
          vatIdChanged(db, seller.id, values);
          registrationsSaved(db, seller.id, values);
        }
        markOnboardingStarted(db, seller);
      },
      () =>
        step.data === "bank-account"
          ? { sellerId: seller.id, kind: "BANK_ACCOUNT_CHANGED" }
          : { sellerId: seller.id, kind: "STEP_SAVED", params: { step: step.data } },
    );
    res.json(stepView(db, seller.id, step.data));
  });

  /** The VAT id's confirmation at the source: 404 before there is one. */
  router.get("/me/seller/vat-confirmation", (_req, res) => {
    const seller = currentSeller(res);
    if (!seller) return;
    const confirmation = readVatConfirmation(db, seller.id);
    if (!confirmation) return sendError(res, 404, "The VAT id has not been confirmed yet", "NOT_FOUND");
    res.json(confirmation);
  });

  /** The portal keeps the service's answer (or that it is to be confirmed); only while the company information may change. */
  router.put("/me/seller/vat-confirmation", (req, res) => {
    const seller = editableSeller(res, "company-information");
    if (!seller) return;
    const parsed = VatConfirmation.safeParse(req.body);
    if (!parsed.success) return sendValidationError(res, parsed.error.issues);
    writeVatConfirmation(db, seller.id, parsed.data);
    res.json(readVatConfirmation(db, seller.id));
  });

  /** The registrations' results at their registers: an empty list before there is one. */
  router.get("/me/seller/registration-confirmations", (_req, res) => {
    const seller = currentSeller(res);
    if (seller) res.json({ confirmations: readRegistrationConfirmations(db, seller.id) });
  });

  /** The portal keeps the registers' answers (or that they are to be confirmed); only while the company information may change. */
  router.put("/me/seller/registration-confirmations", (req, res) => {
    const seller = editableSeller(res, "company-information");
    if (!seller) return;
    const parsed = RegistrationConfirmations.safeParse(req.body);
    if (!parsed.success) return sendValidationError(res, parsed.error.issues);
    res.json({ confirmations: acceptRegistrationConfirmations(db, seller.id, parsed.data.confirmations) });
  });

  router.get("/me/seller/onboarding/documents", (_req, res) => {
    const seller = currentSeller(res);
    if (seller) res.json(DocumentList.parse({ documents: listDocuments(db, seller.id), requiredKinds: requiredDocumentKinds(savedLegalForm(db, seller.id)) }));
  });

  router.post("/me/seller/onboarding/documents", async (req, res) => {
    const seller = editableSeller(res, "documents");
    if (!seller) return;
    if (!req.is("multipart/form-data")) return sendError(res, 415, "Expected multipart/form-data", "UNSUPPORTED_MEDIA_TYPE");
    const form = await readMultipart(req);
    if (!form) {
      return sendError(res, 413, "The upload is too large or malformed", "PAYLOAD_TOO_LARGE", {
        errors: [{ fieldName: "file", errorMessage: validationMessages.documentTooLarge }],
      });
    }
    const parsed = DocumentUpload.safeParse({ kind: form.get("kind") ?? undefined, file: form.get("file") ?? undefined });
    if (!parsed.success) return sendValidationError(res, parsed.error.issues);
    const content = new Uint8Array(await parsed.data.file.arrayBuffer());
    const contentType = detectDocumentType(content.subarray(0, 16));
    if (!contentType) {
      return sendError(res, 400, "The document is not a PDF, JPEG or PNG file", "VALIDATION_ERROR", {
        errors: [{ fieldName: "file", errorMessage: validationMessages.documentType }],
      });
    }
    const fileName = parsed.data.file.name || "document";
    const document = recorded(
      db,
      res,
      () => {
        const saved = saveDocument(db, seller.id, { kind: parsed.data.kind, fileName, contentType, content });
        markOnboardingStarted(db, seller);
        return saved;
      },
      () => ({ sellerId: seller.id, kind: "DOCUMENT_UPLOADED", params: { documentKind: parsed.data.kind, fileName } }),
    );
    res.status(201).json(document);
  });

  router.get("/me/seller/onboarding/documents/:id/content", (req, res) => {
    const seller = currentSeller(res);
    if (!seller) return;
    const document = findDocument(db, seller.id, req.params.id);
    if (!document) return sendError(res, 404, "No such document", "NOT_FOUND");
    res.type(document.content_type);
    res.setHeader("Content-Disposition", `attachment; filename="${encodeURIComponent(document.file_name)}"`);
    res.send(Buffer.from(document.content));
  });

  router.delete("/me/seller/onboarding/documents/:id", (req, res) => {
    const seller = editableSeller(res, "documents");
    if (!seller) return;
    const document = findDocument(db, seller.id, req.params.id);
    const deleted = recorded(
      db,
      res,
      () => deleteDocument(db, seller.id, req.params.id),
      (done) =>
        done && document ? { sellerId: seller.id, kind: "DOCUMENT_DELETED", params: { documentKind: document.kind, fileName: document.file_name } } : null,
    );
    if (!deleted) return sendError(res, 404, "No such document", "NOT_FOUND");
    res.status(204).end();
  });

  return router;
}

/**
 * A company-information save that changes the VAT id, the name or the address
 * leaves the confirmation to be confirmed for what was saved: the portal
 * stores the service's answer next, and when it cannot, the marketplace's job
 * asks. An id no service confirms (outside the EU) has no confirmation.
 */
function vatIdChanged(db: Database, sellerId: string, values: Record<string, unknown>): void {
  const requested = vatConfirmationRequestOf(values);
  const service = requested ? vatServiceFor(String(values.country ?? "")) : null;
  if (!requested || !service) {
    db.prepare("DELETE FROM vat_confirmations WHERE seller_id = ?").run(sellerId);
    return;
  }
  const current = readVatConfirmation(db, sellerId);
  if (current && current.service === service && sameVatRequest(current.requested, requested)) return;
  writeVatConfirmation(db, sellerId, toBeConfirmed(service, requested, new Date(), null));
}
