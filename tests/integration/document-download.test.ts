/**
 * A stored document downloads under the type its bytes showed: its name
 * keeps the uploaded base name with that type's extension, never the
 * extension it was uploaded with.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { DOCUMENTS_PATH, multipart, pdf, resetSandbox, upstreamAs } from "./onboarding-support";
import { PORTAL } from "./ports";

beforeAll(resetSandbox);

describe("a document's download", () => {
  it("is named with the extension of its real type", async () => {
    const browser = new TestBrowser();
    await browser.signIn(PORTAL, "seller.new@example.com");
    const uploaded = await browser.request(`${PORTAL}/shop-setup/documents`, {
      method: "POST",
      body: multipart({ intent: "later" }, { VAT_CERTIFICATE: pdf("Bescheinigung.html") }),
    });
    expect(uploaded.status).toBe(303);
    const { documents } = (await (await upstreamAs("seller.new@example.com", DOCUMENTS_PATH)).json()) as { documents: { id: string; kind: string }[] };
    const certificate = documents.find((document) => document.kind === "VAT_CERTIFICATE")!;

    const download = await browser.get(`${PORTAL}/shop-setup/documents/${certificate.id}`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(download.headers.get("content-disposition")).toBe(`attachment; filename="Bescheinigung.pdf"; filename*=UTF-8''Bescheinigung.pdf`);
  });
});
