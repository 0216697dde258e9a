/**
 * The seller agreement as a PDF, made on the server from the terms the
 * onboarding service sends (the service keeps the text and its versions; the
 * portal only typesets it): title, version and date, every section, and the
 * record of the seller's acceptance when there is one. pdfkit's built-in
 * Helvetica covers German (WinAnsi), so no font is shipped.
 */
import type { ContractTerms } from "#contract/onboarding.ts";
import PDFDocument from "pdfkit";

export type ContractPdfTexts = { versionOf: string; acceptance: string | null; footer: string };

export async function contractPdf(terms: ContractTerms, texts: ContractPdfTexts): Promise<Uint8Array<ArrayBuffer>> {
  const document = new PDFDocument({ size: "A4", margin: 56, info: { Title: terms.title, Subject: texts.versionOf } });
  const chunks: Buffer[] = [];
  document.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    document.on("end", resolve);
    document.on("error", reject);
  });
  document.font("Helvetica-Bold").fontSize(18).text(terms.title);
  document.moveDown(0.25).font("Helvetica").fontSize(10).fillColor("#4b5563").text(texts.versionOf).fillColor("#111827");
  for (const section of terms.sections) {
    document.moveDown(1).font("Helvetica-Bold").fontSize(12).text(section.heading);
    document.moveDown(0.25).font("Helvetica").fontSize(11).text(section.body, { align: "left" });
  }
  if (texts.acceptance) {
    document.moveDown(1.5).font("Helvetica-Bold").fontSize(11).text(texts.acceptance);
  }
  document.moveDown(2).font("Helvetica").fontSize(9).fillColor("#4b5563").text(texts.footer);
  document.end();
  await done;
  const bytes = Buffer.concat(chunks);
  return new Uint8Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
}
