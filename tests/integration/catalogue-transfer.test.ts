/**
 * A catalogue file on its way through the portal over real HTTP
 * (docs/product.md §8): the streamed upload and download, and every failure
 * case (wrong type, empty, too large, the service failing, the browser going
 * away) leaving nothing behind, with the sandbox's fault injection.
 */
import { request as httpRequest } from "node:http";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { CATALOGUE_UPLOAD_MAX_BYTES, PORTAL } from "./ports";
import { clearFaultsAndCounters, injectFault, requestCount } from "./sandbox-control";
import {
  catalogueLines,
  filesOnDisk,
  healthy,
  postUpload,
  resetSandbox,
  SAMPLE_CSV,
  SELLER,
  UPLOAD_PATH,
  uploadForm,
  upstreamSeller,
} from "./catalogue-support";

let browser: TestBrowser;

beforeEach(async () => {
  await resetSandbox();
  browser = new TestBrowser();
});

afterEach(async () => {
  await clearFaultsAndCounters();
});

describe("a file on its way: every failure leaves nothing behind", () => {
  beforeEach(async () => {
    await browser.signIn(PORTAL, SELLER);
    await clearFaultsAndCounters();
  });

  async function expectNothingSaved(storedBefore: string[]) {
    expect((await upstreamSeller()).sellerCatalogueFiles).toEqual([]);
    await expect.poll(async () => (await filesOnDisk()).incoming).toEqual([]);
    expect((await filesOnDisk()).stored).toEqual(storedBefore);
    await healthy();
  }

  it("refuses a wrong type and an empty file with a message, without calling the service", async () => {
    const before = (await filesOnDisk()).stored;
    const wrong = await postUpload(browser, "katalog.pdf", SAMPLE_CSV);
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("katalog.pdf cannot be used: only CSV, TXT and XLSX files and BMEcat catalogues (XML) are accepted.");
    const empty = await postUpload(browser, "leer.csv", new Uint8Array());
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("leer.csv is empty.");
    const none = await browser.request(`${PORTAL}/upload/catalog`, { method: "POST", body: uploadForm("", new Uint8Array()) });
    expect(await none.text()).toContain("Choose a file to upload.");
    expect(await requestCount(UPLOAD_PATH, "POST")).toBe(0);
    await expectNothingSaved(before);
  });

  it("answers an oversized upload with 413 before reading it to the end", async () => {
    const before = (await filesOnDisk()).stored;
    // Declared length over the limit: refused before a byte is read.
    const declared = await postUpload(browser, "riesig.csv", new Uint8Array(CATALOGUE_UPLOAD_MAX_BYTES + 1024 * 1024).fill(65));
    expect(declared.status).toBe(413);
    expect(await declared.text()).toContain("The file is larger than 8 MB.");

    // No declared length (chunked): cut off as the bytes pass the limit, though the client would send 256 MB. The
    // portal reads the limit and then at most 16 MB more (so that the browser can read the answer); what the client
    // has pushed by then also holds what the kernel buffers between the two ends, which Linux's TCP autotuning lets
    // grow to 32 MB on the receiving side here (68 MB were pushed once on a loaded machine). A portal that read the
    // body to its end would take all 256 MB.
    const offered = 256 * 1024 * 1024;
    const boundary = "----integration-oversized";
    const chunk = catalogueLines(64 * 1024);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(
          new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="endlos.csv"\r\nContent-Type: text/csv\r\n\r\n`),
        );
      },
      pull(controller) {
        if (sent >= offered) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const streamed = await browser.request(`${PORTAL}/upload/catalog/file`, {
      method: "POST",
      body,
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}`, Accept: "application/json" },
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(((await streamed.json()) as { message: string }).message).toContain("larger than 8 MB");
    expect(sent).toBeLessThan(offered / 2);
    await expectNothingSaved(before);
  });

  it("keeps nothing when the service fails mid-upload (an error answer, or the connection dropped)", async () => {
    const before = (await filesOnDisk()).stored;
    const large = catalogueLines(6 * 1024 * 1024);
    await injectFault({ pattern: UPLOAD_PATH, method: "POST", latencyMs: 300, status: 503, times: 1 });
    const failed = await postUpload(browser, "mitten.csv", large);
    expect(failed.status).toBe(502);
    const page = await failed.text();
    expect(page).toContain("Injected fault");
    expect(page).toContain("INJECTED_FAULT");

    await injectFault({ pattern: UPLOAD_PATH, method: "POST", latencyMs: 300, drop: true, times: 1 });
    const dropped = await postUpload(browser, "mitten.csv", large, "/upload/catalog/file", { Accept: "application/json" });
    // A connection that breaks off mid-upload is a service that stopped answering: 503, as for one that cannot be reached.
    expect(dropped.status).toBe(503);
    expect(((await dropped.json()) as { message: string }).message).toMatch(/^The file was not uploaded: the marketplace services cannot be reached/);
    expect(await requestCount(UPLOAD_PATH, "POST")).toBe(2);
    await expectNothingSaved(before);
  });

  it("streams a large download as it arrives, lets the browser go away halfway without harm, and cuts the browser off when the service fails halfway", async () => {
    await browser.signIn(PORTAL, SELLER);
    const large = catalogueLines(CATALOGUE_UPLOAD_MAX_BYTES - 1024);
    const uploaded = await postUpload(browser, "gross.csv", large, "/upload/catalog/file", { Accept: "application/json" });
    expect(uploaded.status).toBe(201);
    const { fileId } = (await uploaded.json()) as { fileId: string };
    const url = `${PORTAL}/upload/catalog/file?fileId=${encodeURIComponent(fileId)}`;

    // A browser that reads the first megabytes, then goes away.
    const cookie = `sp_session=${browser.cookie(new URL(PORTAL).host, "sp_session")}`;
    const firstBytes = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(url, { headers: { Cookie: cookie } }, (response) => {
        let received = 0;
        response.on("data", (chunk: Buffer) => {
          received += chunk.length;
          if (received >= 1024 * 1024) {
            request.destroy();
            resolve(received);
          }
        });
        response.on("end", () => resolve(received));
        response.on("error", () => {});
      });
      request.on("error", (error) => (request.destroyed ? undefined : reject(error)));
      request.end();
    });
    expect(firstBytes).toBeLessThan(large.length);
    await healthy();

    // The next download is whole and the same bytes.
    const whole = await browser.get(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-length")).toBe(String(large.length));
    expect(Buffer.from(await whole.arrayBuffer()).equals(Buffer.from(large))).toBe(true);

    // The service drops the connection after its first megabyte: the browser's download fails
    // instead of ending early as if complete, and the portal carries on.
    await injectFault({ pattern: UPLOAD_PATH, method: "GET", dropAfterBytes: 1024 * 1024, times: 1 });
    const cut = await browser.get(url);
    expect(cut.status).toBe(200);
    await expect(cut.arrayBuffer()).rejects.toThrow();
    await healthy();
    const again = await browser.get(url);
    expect(Buffer.from(await again.arrayBuffer()).equals(Buffer.from(large))).toBe(true);
  });

  it("keeps nothing when the browser goes away mid-upload, and the portal stays healthy", async () => {
    const before = (await filesOnDisk()).stored;
    const cookie = ["sp_session", "sp_lng"]
      .map((name) => [name, browser.cookie(new URL(PORTAL).host, name)] as const)
      .filter(([, value]) => value)
      .map(([name, value]) => `${name}=${value}`)
      .join("; ");
    const boundary = "----integration-abort";
    const request = httpRequest(`${PORTAL}/upload/catalog/file`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: PORTAL, Accept: "application/json", "Content-Type": `multipart/form-data; boundary=${boundary}` },
    });
    request.on("error", () => {});
    request.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="abgebrochen.csv"\r\nContent-Type: text/csv\r\n\r\n`);
    request.write(catalogueLines(1024 * 1024));
    // The file is arriving at the service…
    await expect.poll(async () => (await filesOnDisk()).incoming.length, { timeout: 10_000 }).toBe(1);
    // …when the browser goes away.
    request.destroy();
    await expectNothingSaved(before);
  });
});
