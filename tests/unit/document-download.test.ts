import { describe, expect, it } from "vitest";
import { documentDownload } from "#contract/rules/document-type.ts";

describe("documentDownload", () => {
  it("names a document with the extension of the type its bytes showed", () => {
    expect(documentDownload("scan.html", "application/pdf")).toEqual({ fileName: "scan.pdf", contentType: "application/pdf" });
    expect(documentDownload("Ausweis.PDF", "image/jpeg")).toEqual({ fileName: "Ausweis.jpg", contentType: "image/jpeg" });
    expect(documentDownload("auszug", "image/png; charset=binary")).toEqual({ fileName: "auszug.png", contentType: "image/png" });
    expect(documentDownload(".pdf", "application/pdf")).toEqual({ fileName: "document.pdf", contentType: "application/pdf" });
  });

  it("hands out anything else as opaque bytes", () => {
    expect(documentDownload("page.html", "text/html")).toEqual({ fileName: "page.bin", contentType: "application/octet-stream" });
  });
});
