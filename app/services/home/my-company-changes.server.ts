/**
 * My company's change requests on the server: the form that drafts one
 * (prefilled with what is on record, checked with the shop setup's rules),
 * the review of the draft with its confirmation or discarding, and what the
 * section pages show of changes under way. Staff acting as the seller are
 * refused the bank account and the contract here, before anything goes
 * upstream (the service refuses them too).
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  BankAccountChange,
  CompanyDataChange,
  LegalDocumentChange,
  RegistrationsChange,
  splitStreet,
  WarehouseChange,
  type CompanyChange,
  type CompanyChangeKind,
} from "#contract/company-changes.ts";
import { LegalDocumentKind, type SellerDetails, type Warehouse } from "#contract/home.ts";
import { registrationFields } from "#contract/registrations.ts";
import { legalForms } from "#contract/rules/legal-form.ts";
import { MAX_DOCUMENT_BYTES } from "#contract/rules/document-type.ts";
import { data, redirect } from "react-router";
import type { z } from "zod";
import { addressHelp } from "#app/services/onboarding/addresses.server.ts";
import { fillBicFromIban } from "#app/services/onboarding/bank.server.ts";
import { documentTypeError } from "#app/services/onboarding/save-step.server.ts";
import { fieldErrorsFromList } from "#app/lib/onboarding/step-navigation.ts";
import { keptForm, requireRecentSignIn, textFields } from "#app/services/session/recent-sign-in.server.ts";
import { requireUser } from "#app/services/session/current-user.server.ts";
import { dataWithPortalToast, redirectWithPortalToast, upstreamErrorToast } from "#app/services/toasts/toast.server.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { readFormDataWithin } from "#app/services/http/multipart.server.ts";
import { getI18n } from "#app/services/i18n/i18n.server.ts";
import type { RequestArgs } from "#app/services/request/request-args.ts";
import { requestMetaContext } from "#app/services/request/request-context.server.ts";
import { failureStatus, orRouteError, settle, UpstreamError } from "#app/services/upstream/upstream-error.server.ts";
import { requireUpstreamId } from "#app/services/upstream/upstream-path.server.ts";
import { currentSellerId } from "#app/services/session/session.server.ts";
import { changePath, mayChange, pagePath } from "#app/lib/home/my-company-changes.ts";

type RouteArgs = RequestArgs & { params: Record<string, string | undefined> };

const schemas = {
  BANK_ACCOUNT: BankAccountChange,
  COMPANY_DATA: CompanyDataChange,
  WAREHOUSE: WarehouseChange,
  LEGAL_DOCUMENT: LegalDocumentChange,
  REGISTRATIONS: RegistrationsChange,
} satisfies Record<CompanyChangeKind, z.ZodType>;

/** A document and a few fields. */
const MAX_CHANGE_UPLOAD_BYTES = MAX_DOCUMENT_BYTES + 64 * 1024;

export type ChangeFormAnswer = { result: SubmissionResult<string[]> };

/** The seller's change requests, newest first; the pages stand without them (null) when the service fails. */
export async function companyChanges(args: RequestArgs): Promise<CompanyChange[] | null> {
  const changes = await settle(upstream(args).sellerService.changes(currentSellerId(args)));
  if (!changes.ok) {
    args.context.get(requestMetaContext).log.warn({ err: changes.error }, "my company: change requests not available");
    return null;
  }
  return changes.value.changes;
}

/** The legal document kind a form or address names, if it is one. */
function documentKindOf(value: unknown): z.infer<typeof LegalDocumentKind> | null {
  const parsed = LegalDocumentKind.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The form's starting values: what is on record (or the draft being changed again); never an IBAN, which is typed anew. */
function defaultsOf(
  kind: CompanyChangeKind,
  details: SellerDetails | null,
  warehouse: Warehouse | null,
  draft: CompanyChange | undefined,
): Record<string, unknown> {
  const addressOf = (address: { street: string; postalCode: string; city: string; country: string }) => ({
    ...splitStreet(address.street),
    postcode: address.postalCode,
    city: address.city,
    country: address.country,
  });
  switch (kind) {
    case "BANK_ACCOUNT": {
      if (draft?.kind === "BANK_ACCOUNT") return { accountHolder: draft.values.accountHolder, bic: draft.values.bic };
      return { accountHolder: details?.bankAccount?.accountHolder ?? details?.companyName };
    }
    case "WAREHOUSE": {
      const source = draft?.kind === "WAREHOUSE" ? draft.values : warehouse;
      if (!source) return {};
      const { id: _id, address, handlingTimeDays, ...rest } = source;
      return { ...rest, ...addressOf(address), handlingTimeDays: String(handlingTimeDays) };
    }
    case "COMPANY_DATA": {
      const source = draft?.kind === "COMPANY_DATA" ? draft.values : details;
      if (!source) return {};
      return {
        legalName: source.companyName,
        legalForm: (legalForms as readonly string[]).includes(source.legalForm) ? source.legalForm : undefined,
        ...addressOf(source.registeredAddress),
        vatId: source.vatId,
        taxNumber: source.taxNumber ?? undefined,
        registerCourt: source.registerCourt ?? undefined,
        registerNumber: source.commercialRegisterNumber ?? undefined,
        contactEmail: source.contactEmail,
        phone: source.phone ?? undefined,
      };
    }
    case "LEGAL_DOCUMENT":
      return { documentKind: draft?.kind === "LEGAL_DOCUMENT" ? draft.target : undefined };
    case "REGISTRATIONS": {
      // What is on record (or the draft's numbers); the questions answered as what applies says.
      const onRecord = details?.registrations;
      const numbers = draft?.kind === "REGISTRATIONS" ? draft.values.registrations : (onRecord?.numbers ?? []);
      const applies = onRecord?.applies ?? [];
      return {
        ...Object.fromEntries(numbers.map((entry) => [registrationFields[entry.kind], entry.registrationNumber ?? undefined])),
        sellsElectrical: applies.includes("WEEE") ? "yes" : "no",
        sellsBatteries: applies.includes("BATTERY") ? "yes" : "no",
      };
    }
  }
}

/** The form of a change: what it starts from, whether one of the same thing is under way, and whether this user may make it. */
export async function changeFormLoader(args: RouteArgs, kind: CompanyChangeKind) {
  const t = getI18n(args.context).t;
  const url = new URL(args.request.url);
  const sellerId = currentSellerId(args);
  const service = upstream(args).sellerService;
  const warehouseId = kind === "WAREHOUSE" ? requireUpstreamId(args.params.warehouseId) : null;
  const [user, details, warehouse, validation, known] = await Promise.all([
    requireUser(args),
    kind === "WAREHOUSE" ? null : orRouteError(service.seller(sellerId)),
    warehouseId ? orRouteError(service.warehouse(sellerId, warehouseId).catch(notFoundAs404)) : null,
    warehouseId ? settle(service.lastValidation(sellerId, warehouseId)) : null,
    companyChanges(args),
  ]);
  const changes = known ?? [];
  const draft = changes.find((change) => change.id === url.searchParams.get("draft") && change.kind === kind && change.status === "DRAFT");
  const documentKind = kind === "LEGAL_DOCUMENT" ? (draft?.target ?? documentKindOf(url.searchParams.get("kind"))) : null;
  // Back from a fresh sign-in the bank account's change asked for: the form as the user left it (kept on the server).
  const kept = kind === "BANK_ACCOUNT" ? await keptForm(args) : { expired: false };
  const keptFields = kept.fields ? pickKept(kept.fields, ["accountHolder", "iban", "bic"]) : {};
  const defaults = { ...defaultsOf(kind, details, warehouse, draft), ...(documentKind ? { documentKind } : {}), ...keptFields };
  const target = warehouseId ?? documentKind;
  return {
    title: t(`myCompany.changes.kinds.${kind}.formTitle`),
    kind,
    target,
    warehouseName: warehouse?.name ?? null,
    findings: validation?.ok && validation.value.result === "FAILED" ? validation.value.findings : [],
    /** Parts the service could not give: the form stands, and says what it cannot show. */
    missing: { changes: known === null, lastValidation: validation !== null && !validation.ok },
    defaults,
    draftId: draft?.id ?? null,
    pending: changes.find((change) => change.kind === kind && change.status === "PENDING" && change.target === target) ?? null,
    /** While staff act as the seller: the kinds of document this user may not replace (the contract). */
    refused: !mayChange(user, kind, kind === "LEGAL_DOCUMENT" ? null : target),
    documentKinds: LegalDocumentKind.options.filter((option) => mayChange(user, "LEGAL_DOCUMENT", option)),
    /** The registrations' form: the kinds the seller's categories require (null: the form asks the two questions). */
    categoryRegistrations: details?.registrations?.fromCategories ? details.registrations.applies : null,
    /** "restored": the values came back over a fresh sign-in; "lost": they waited too long. */
    kept: kept.fields ? ("restored" as const) : kept.expired ? ("lost" as const) : null,
  };
}

function pickKept(fields: Record<string, string>, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.filter((name) => typeof fields[name] === "string").map((name) => [name, fields[name]!]));
}

function notFoundAs404(error: unknown): never {
  if (error instanceof UpstreamError && error.status === 404) throw new Response("Not Found", { status: 404 });
  throw error;
}

/** Refuses a change this user may not make, before anything is read upstream (docs/product.md §11). */
async function refuseForStaff(args: RequestArgs, kind: CompanyChangeKind, target: string | null): Promise<void> {
  const user = await requireUser(args);
  if (mayChange(user, kind, target)) return;
  args.context.get(requestMetaContext).log.warn({ kind: "authorization", change: kind, target }, "my company change refused while acting as the seller");
  throw await redirectWithPortalToast(
    pagePath(kind),
    { type: "error", message: getI18n(args.context).t("myCompany.changes.refusedWhileActingAsSeller") },
    { status: 303 },
  );
}

/** Drafts the change of the form: 400 with the typed values on invalid input, the service's errors on the fields, then the review. */
export async function changeFormAction(args: RouteArgs, kind: CompanyChangeKind) {
  const t = getI18n(args.context).t;
  const sellerId = currentSellerId(args);
  const service = upstream(args).sellerService;
  const warehouseId = kind === "WAREHOUSE" ? requireUpstreamId(args.params.warehouseId) : null;
  if (kind !== "LEGAL_DOCUMENT") await refuseForStaff(args, kind, null);
  const formData = kind === "LEGAL_DOCUMENT" ? await readFormDataWithin(args.request, MAX_CHANGE_UPLOAD_BYTES) : await args.request.formData();
  if (!formData) return data({ result: { status: "error", error: { file: ["documentTooLarge"] } } } satisfies ChangeFormAnswer, { status: 413 });
  if (kind === "LEGAL_DOCUMENT") await refuseForStaff(args, kind, documentKindOf(formData.get("documentKind")));
  // The draft this form changes again, checked before anything goes upstream.
  const replaces = formData.get("replaces");
  const replacedId = typeof replaces === "string" && replaces ? requireUpstreamId(replaces) : null;

  // The shop setup's helpers: the BIC of a German IBAN, the town of a postcode and the address checked (the service only helps).
  const bank = kind === "BANK_ACCOUNT" ? fillBicFromIban(formData) : null;
  const addresses = kind === "COMPANY_DATA" || kind === "WAREHOUSE" ? addressHelp(args, () => [""], `my-company ${kind}`) : null;
  const townErrors = await addresses?.inject(formData);
  const submission = parseWithZod(formData, { schema: schemas[kind] as z.ZodType<Record<string, unknown>> });
  if (submission.status !== "success" || townErrors) {
    return data({ result: submission.reply(townErrors ? { fieldErrors: townErrors } : undefined) } satisfies ChangeFormAnswer, { status: 400 });
  }
  const addressErrors = await addresses?.check();
  if (addressErrors) return data({ result: submission.reply({ fieldErrors: addressErrors }) } satisfies ChangeFormAnswer, { status: 400 });
  const values = submission.value;
  if (kind === "LEGAL_DOCUMENT") {
    const problem = await documentTypeError(values.file as File);
    if (problem) return data({ result: submission.reply({ fieldErrors: { file: [problem] } }) } satisfies ChangeFormAnswer, { status: 400 });
  }
  // The bank account matters: a sign-in older than 10 minutes (or without the second factor) is made again first,
  // and the form comes back as typed (recent-sign-in.server.ts).
  if (kind === "BANK_ACCOUNT") await requireRecentSignIn(args, { fields: textFields(formData) });
  let change: CompanyChange;
  try {
    change = await (kind === "BANK_ACCOUNT"
      ? service.draftBankAccount(sellerId, values as BankAccountChange)
      : kind === "COMPANY_DATA"
        ? service.draftCompanyData(sellerId, values as CompanyDataChange)
        : kind === "WAREHOUSE"
          ? service.draftWarehouse(sellerId, warehouseId!, values as WarehouseChange)
          : kind === "REGISTRATIONS"
            ? service.draftRegistrations(sellerId, values as RegistrationsChange)
            : service.draftLegalDocument(
                sellerId,
                String(values.documentKind),
                values.file as File,
                typeof values.expiryDate === "string" ? values.expiryDate : undefined,
              ));
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    const result = submission.reply({ fieldErrors: fieldErrorsFromList(error.body.errors) });
    // The fields say what the service refused in the page's words (a register's answer is a code the form translates);
    // the toast lists the same, in the same words.
    const i18n = getI18n(args.context);
    const toast = upstreamErrorToast(error, t("myCompany.changes.draftFailed"));
    toast.fieldErrors = toast.fieldErrors?.map((item) =>
      i18n.exists(`myCompany.validation.${item.errorMessage}`) ? { ...item, errorMessage: t(`myCompany.validation.${item.errorMessage}`) } : item,
    );
    return dataWithPortalToast(args, { result } satisfies ChangeFormAnswer, toast, {
      status: error.status === 400 || error.status === 409 ? 400 : failureStatus(error),
    });
  }
  // The draft this form changed again gives way to the new one, if it is a draft of the same thing (never another kind's:
  // the bank account's draft is not this form's to discard); one left behind is harmless (the section page lists it).
  if (replacedId) await discardReplacedDraft(service, sellerId, replacedId, change);
  const note = addresses?.note() ?? (bank ? { type: "success" as const, message: t("onboarding.bank.bicFilled", bank) } : undefined);
  return note ? redirectWithPortalToast(changePath(change.id), note, { status: 303 }) : redirect(changePath(change.id), { status: 303 });
}

async function discardReplacedDraft(service: ReturnType<typeof upstream>["sellerService"], sellerId: string, replacedId: string, change: CompanyChange) {
  const replaced = await settle(service.change(sellerId, replacedId));
  if (!replaced.ok || replaced.value.id === change.id || replaced.value.status !== "DRAFT") return;
  if (replaced.value.kind !== change.kind || replaced.value.target !== change.target) return;
  await settle(service.discardChange(sellerId, replacedId));
}

/** A change and what is on record now, side by side. */
export async function changeReviewLoader(args: RouteArgs) {
  const sellerId = currentSellerId(args);
  const service = upstream(args).sellerService;
  const [user, change, details] = await Promise.all([
    requireUser(args),
    orRouteError(service.change(sellerId, requireUpstreamId(args.params.changeId)).catch(notFoundAs404)),
    orRouteError(service.seller(sellerId)),
  ]);
  const warehouse = change.kind === "WAREHOUSE" ? await orRouteError(service.warehouse(sellerId, change.target)) : null;
  const { bankAccount, ...company } = details;
  return {
    title: getI18n(args.context).t(`myCompany.changes.kinds.${change.kind}.reviewTitle`),
    change,
    onRecord: {
      bankAccount: bankAccount
        ? { accountHolder: bankAccount.accountHolder, bic: bankAccount.bic, ibanEnd: bankAccount.iban.replace(/\s+/g, "").slice(-4) }
        : null,
      company,
      warehouse,
      document: change.kind === "LEGAL_DOCUMENT" ? (details.legalDocuments.find((document) => document.kind === change.target) ?? null) : null,
    },
    mayConfirm: mayChange(user, change.kind, change.target),
  };
}

/** Confirms a draft (it goes to the marketplace) or discards it. */
export async function changeReviewAction(args: RouteArgs) {
  const t = getI18n(args.context).t;
  const sellerId = currentSellerId(args);
  const service = upstream(args).sellerService;
  const changeId = requireUpstreamId(args.params.changeId);
  const intent = (await args.request.formData()).get("intent");
  const change = await settle(service.change(sellerId, changeId));
  if (!change.ok) return reviewFailure(args, change.error, t("myCompany.changes.confirmFailed"));
  const { kind, target } = change.value;
  // Discarding is refused exactly as confirming is: staff acting as the seller leave the bank account's and the contract's drafts alone.
  await refuseForStaff(args, kind, target);
  if (intent === "discard") {
    const discarded = await settle(service.discardChange(sellerId, changeId));
    if (!discarded.ok) return reviewFailure(args, discarded.error, t("myCompany.changes.discardFailed"));
    return redirectWithPortalToast(pagePath(kind), { type: "info", message: t("myCompany.changes.discarded") }, { status: 303 });
  }
  const sent = await settle(service.submitChange(sellerId, changeId));
  if (!sent.ok) return reviewFailure(args, sent.error, t("myCompany.changes.confirmFailed"));
  return redirectWithPortalToast(pagePath(kind), { type: "success", message: t(`myCompany.changes.kinds.${kind}.sent`) }, { status: 303 });
}

function reviewFailure(args: RequestArgs, error: UpstreamError, message: string) {
  return dataWithPortalToast(args, { failed: true }, upstreamErrorToast(error, message), {
    status: failureStatus(error),
  });
}
