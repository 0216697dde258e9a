/**
 * The seller service's company data for the seller home's "my company":
 * warehouses and their last validation, legal documents (small real PDFs),
 * and the company's details, computed from the seller through the seeded
 * generator.
 */
import type { PageLanguage } from "./oidc/texts.ts";
import type { LegalDocument, SellerDetails, Warehouse, WarehouseValidation } from "#contract/home.ts";
import type { LegalForm } from "#contract/rules/legal-form.ts";
import { vatIdIssue } from "#contract/rules/vat-id.ts";
import { DAY_MS, dayStart, today, unit } from "./home-generator.ts";
import { shopsOf } from "./seed-home.ts";

export function warehouseIds(sellerId: string): string[] {
  return shopsOf(sellerId).length > 1 ? [`wh-${sellerId}-1`, `wh-${sellerId}-2`] : [`wh-${sellerId}-1`];
}

const warehouseSites = [
  {
    name: "Central warehouse Hamburg",
    street: "Am Moldauhafen 14",
    postalCode: "20457",
    city: "Hamburg",
    contactPerson: "Jana Petersen",
    handlingTimeDays: 1,
    cutOffTime: "14:00",
  },
  // Set up with a cut-off too late for the carrier and too long a handling time: its validation failed.
  {
    name: "South warehouse Augsburg",
    street: "Derchinger Straße 120",
    postalCode: "86165",
    city: "Augsburg",
    contactPerson: "Mehmet Yilmaz",
    handlingTimeDays: 5,
    cutOffTime: "15:30",
  },
];

/** The carrier collects at 16:00 and packing takes two hours: orders after 14:00 cannot leave the same day. */
const LATEST_CUT_OFF = "14:00";
/** The most working days the marketplace allows from order to hand-over to the carrier. */
const MAX_HANDLING_DAYS = 3;

/** What the marketplace's validation finds wrong with a warehouse, in the service's words and the request's language; none: it passes. */
export function warehouseFindings(warehouse: Warehouse, language: PageLanguage = "en"): string[] {
  const findings: string[] = [];
  if (warehouse.cutOffTime > LATEST_CUT_OFF) {
    findings.push(
      language === "de"
        ? `Annahmeschluss ${warehouse.cutOffTime} liegt nach ${LATEST_CUT_OFF}: Der Versanddienstleister holt um 16:00 Uhr ab, und das Verpacken dauert zwei Stunden`
        : `Cut-off time ${warehouse.cutOffTime} is later than ${LATEST_CUT_OFF}: the carrier collects at 16:00 and parcels need two hours to be packed`,
    );
  }
  if (warehouse.handlingTimeDays > MAX_HANDLING_DAYS) {
    findings.push(
      language === "de"
        ? `Eine Bearbeitungszeit von ${warehouse.handlingTimeDays} Werktagen ist länger als die ${MAX_HANDLING_DAYS}, die der Marktplatz erlaubt`
        : `A handling time of ${warehouse.handlingTimeDays} working days is longer than the ${MAX_HANDLING_DAYS} the marketplace allows`,
    );
  }
  return findings;
}

/** The validation of a warehouse's data at a time. */
export function validationOf(warehouse: Warehouse, validatedAt: string, language: PageLanguage = "en"): WarehouseValidation {
  const findings = warehouseFindings(warehouse, language);
  return { warehouseId: warehouse.id, validatedAt, result: findings.length ? "FAILED" : "PASSED", findings };
}

export function warehouse(sellerId: string, warehouseId: string): Warehouse | undefined {
  const index = warehouseIds(sellerId).indexOf(warehouseId);
  const site = warehouseSites[index];
  if (index < 0 || !site) return undefined;
  return {
    id: warehouseId,
    name: site.name,
    address: { street: site.street, postalCode: site.postalCode, city: site.city, country: "DE" },
    contactPerson: site.contactPerson,
    handlingTimeDays: site.handlingTimeDays,
    cutOffTime: site.cutOffTime,
  };
}

/** The validation of a warehouse as set up: a few days ago, by the rules above. */
export function lastValidation(sellerId: string, warehouseId: string, now = Date.now(), language: PageLanguage = "en"): WarehouseValidation | undefined {
  const index = warehouseIds(sellerId).indexOf(warehouseId);
  const site = warehouse(sellerId, warehouseId);
  if (index < 0 || !site) return undefined;
  return validationOf(site, new Date(dayStart(today(now)) - (index * 9 + 4) * DAY_MS + 10 * 3_600_000).toISOString(), language);
}

export function legalDocuments(sellerId: string, createdAt: string): LegalDocument[] {
  const docs: [LegalDocument["kind"], string][] = [
    ["CONTRACT", "marketplace-contract.pdf"],
    ["TERMS", "terms-and-conditions-2026.pdf"],
    ["DATA_PROCESSING_AGREEMENT", "data-processing-agreement.pdf"],
    ["COMMERCIAL_REGISTER_EXTRACT", "commercial-register-extract.pdf"],
  ];
  return docs.map(([kind, fileName], i) => ({
    id: `doc-${sellerId}-${i + 1}`,
    kind,
    fileName,
    contentType: "application/pdf",
    size: legalDocumentPdf(sellerId, fileName).length,
    uploadedAt: new Date(Date.parse(createdAt) + i * DAY_MS).toISOString(),
  }));
}

/** A small, valid one-page PDF naming the document and the seller. */
export function legalDocumentPdf(sellerId: string, title: string): Buffer {
  const text = `${title} - ${sellerId}`.replace(/[()\\]/g, "");
  const stream = `BT /F1 14 Tf 60 760 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

/** A German VAT id with a right check digit, from eight digits. */
function germanVatId(eightDigits: string): string {
  const check = [...Array(10).keys()].find((digit) => vatIdIssue(`DE${eightDigits}${digit}`, "DE") === null);
  return `DE${eightDigits}${check}`;
}

/** The company as the seller service has it from onboarding; the legal form as the contract's code (rules/legal-form.ts). */
export function sellerDetails(seller: { id: string; name: string; created_at: string }): SellerDetails {
  const r = unit("company", seller.id);
  const legalForm: LegalForm = /e\.K\./.test(seller.name) ? "EK" : /UG/.test(seller.name) ? "UG" : /KG/.test(seller.name) ? "KG" : "GMBH";
  return {
    sellerId: seller.id,
    companyName: seller.name,
    legalForm,
    vatId: germanVatId(String(Math.floor(r * 1e8)).padStart(8, "0")),
    taxNumber: null,
    registerCourt: "Amtsgericht Hamburg",
    commercialRegisterNumber: `HR${legalForm === "EK" || legalForm === "KG" ? "A" : "B"} ${10000 + Math.floor(r * 89999)}`,
    registeredAddress: { street: "Große Elbstraße 145", postalCode: "22767", city: "Hamburg", country: "DE" },
    contactEmail: `partners@${seller.id}.example.com`,
    phone: "+49 40 1234567",
    bankAccount: { accountHolder: seller.name, iban: "DE89370400440532013000", bic: "COBADEFFXXX", bankName: "Commerzbank" },
    warehouseIds: warehouseIds(seller.id),
    legalDocuments: legalDocuments(seller.id, seller.created_at),
  };
}
