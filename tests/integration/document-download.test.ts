/**
 * A stored document downloads under the type its bytes showed: its name
 * keeps the uploaded base name with that type's extension, never the
 * extension it was uploaded with. When the service fails, a browser that
 * followed the link is sent back to a page of the portal (ADR 024).
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { DOCUMENTS_PATH, html, multipart, pdf, resetSandbox, upstreamAs } from "./onboarding-support";
import { PORTAL } from "./ports";
import { clearFaultsAndCounters, injectFault } from "./sandbox-control";

beforeAll(resetSandbox);
afterEach(clearFaultsAndCounters);

/** A browser following a link in its tab, from `referer`. */
const linkFollowed = (referer: string) => ({ Accept: "text/html,*/*;q=0.8", "Sec-Fetch-Dest": "document", Referer: referer });

async function savedDocumentId(): Promise<string> {
  const { documents } = (await (await upstreamAs("seller.new@example.com", DOCUMENTS_PATH)).json()) as { documents: { id: string }[] };
  return documents[0]!.id;
}

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

  it("that fails goes back to the page the link was on, with the facts", async () => {
    const browser = new TestBrowser();
    await browser.signIn(PORTAL, "seller.new@example.com");
    const id = await savedDocumentId();
    await injectFault({
      pattern: `${DOCUMENTS_PATH}/${id}/content`,
      method: "GET",
      status: 500,
      body: { message: "Archive locked", errorCode: "ARCHIVE_LOCKED" },
    });

    const failed = await browser.get(`${PORTAL}/shop-setup/documents/${id}`, linkFollowed(`${PORTAL}/overview`));
    expect(failed.status).toBe(303);
    expect(failed.headers.get("location")).toBe("/overview");
    const page = await html(await browser.get(`${PORTAL}/overview`));
    expect(page).toContain("The file could not be downloaded: the marketplace service reported an error. Nothing was changed or lost");
    expect(page).toContain("Archive locked");
    expect(page).toContain("ARCHIVE_LOCKED");
  });

  it("that fails never sends the browser to another site, and answers a script with the failure's JSON", async () => {
    const browser = new TestBrowser();
    await browser.signIn(PORTAL, "seller.new@example.com");
    const id = await savedDocumentId();
    await injectFault({ pattern: `${DOCUMENTS_PATH}/${id}/content`, method: "GET", drop: true });

    // A Referer from another site, or the download itself: the page that offers the document.
    for (const referer of ["https://elsewhere.example/shop-setup/documents", `${PORTAL}/shop-setup/documents/${id}`]) {
      const failed = await browser.get(`${PORTAL}/shop-setup/documents/${id}`, linkFollowed(referer));
      expect(failed.status, referer).toBe(303);
      expect(failed.headers.get("location"), referer).toBe("/shop-setup/documents");
      await failed.arrayBuffer();
    }
    const asScript = await browser.get(`${PORTAL}/shop-setup/documents/${id}`, { Accept: "application/json" });
    expect(asScript.status).toBe(503);
    expect(await asScript.json()).toMatchObject({ errorCode: "UPSTREAM_UNREACHABLE" });
  });
});
