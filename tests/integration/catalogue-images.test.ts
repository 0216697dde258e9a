/**
 * Images that load, over HTTP against the sandbox: a file's image addresses
 * are checked once its products are read with its mapping (the sandbox's
 * https image host, the one origin inside the network the test portal may
 * fetch), the results kept upstream and shown per product in words; an
 * address inside the network, in any spelling or behind a redirect, is
 * refused; a whole image sent against the range is cut off; injected
 * failures of the image host and of the service leave the page working and
 * say what could not be checked; and the rest are checked on demand.
 */
import { readFileSync } from "node:fs";
import { get } from "node:https";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ImageCheckSummary } from "#contract/catalogue-images.ts";
import { TestBrowser } from "../support/http-client";
import { postUpload, upstreamSeller } from "./catalogue-support";
import { html, SELLER, service } from "./catalogue-intelligence-support";
import { PORTAL, SANDBOX } from "./ports";
import { clearFaultsAndCounters, injectFault, requestCount } from "./sandbox-control";

let images = { origin: "", caPath: "" };
let browser: TestBrowser;

/** A catalogue whose products point at the sandbox's images (`name` → a product), and one without an image. */
function catalogue(names: readonly string[], prefix = (name: string) => `${images.origin}/images/${name}`): Buffer {
  const rows = names.map((name, index) => `${4006381450001 + index * 10};Artikel ${index + 1};Haushalt > Küche;19,90;${prefix(name)}`);
  return Buffer.from(["EAN;Artikelname;Kategorie;Preis;Bild-URL", ...rows, "4006381459990;Ohne Bild;Haushalt > Küche;9,90;", ""].join("\n"), "utf8");
}

async function uploaded(fileName: string, bytes: Buffer): Promise<string> {
  expect((await postUpload(browser, fileName, bytes)).status).toBe(302);
  return (await upstreamSeller()).sellerCatalogueFiles.find((file) => file.fileName === fileName)!.id;
}

async function summary(fileId: string): Promise<ImageCheckSummary> {
  return (await (await service(`/me/seller/file/images?fileId=${fileId}`)).json()) as ImageCheckSummary;
}

/** Waits until no image of the file is left unchecked (the checks run after the page that read the file answered). */
async function checked(fileId: string, withinMs = 15_000): Promise<ImageCheckSummary> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const now = await summary(fileId);
    if (now.unchecked === 0) return now;
    if (Date.now() > deadline) throw new Error(`images still unchecked: ${JSON.stringify(now)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function imageStats(): Promise<{ hugeBytesSent: number; hugeRequests: number }> {
  return new Promise((resolve, reject) => {
    get(`${images.origin}/images/stats`, { ca: readFileSync(images.caPath) }, (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => resolve(JSON.parse(body) as { hugeBytesSent: number; hugeRequests: number }));
    }).on("error", reject);
  });
}

beforeAll(async () => {
  expect((await fetch(`${SANDBOX}/__sandbox/reset`, { method: "POST" })).status).toBe(200);
  images = (await (await fetch(`${SANDBOX}/__sandbox/images`)).json()) as typeof images;
  expect(images.origin).toMatch(/^https:\/\/localhost:\d+$/);
});

afterEach(clearFaultsAndCounters);

describe("a file's images, checked as its products are read", () => {
  it("loads the sandbox's pictures, says in words why the others do not, and never fetches inside the network", async () => {
    browser = new TestBrowser();
    await browser.signIn(PORTAL, SELLER);
    const names = [
      "large.jpg",
      "large.png",
      "large.gif",
      "large.webp",
      "small.jpg",
      "missing.jpg",
      "page.html",
      "to-private.jpg",
      "to-loopback.jpg",
      "loop.jpg",
      "drawing.svg",
      "huge.jpg",
    ];
    const before = await imageStats();
    const fileId = await uploaded("bilder.csv", catalogue(names));
    // The first view reads the file with its mapping (Bild-URL → IMAGE_URL) and writes the products index; the images follow.
    const first = await browser.get(`${PORTAL}/upload/catalog/products?fileId=${fileId}`);
    expect(first.status).toBe(200);
    const result = await checked(fileId);
    expect(result).toMatchObject({ loads: 5, fails: 7, unchecked: 0, withoutImage: 1 });
    expect(result.reasons).toEqual({ TOO_SMALL: 1, NOT_FOUND: 1, NOT_AN_IMAGE: 1, INSIDE_NETWORK: 2, TOO_MANY_REDIRECTS: 1, UNSUPPORTED_FORMAT: 1 });
    // huge.jpg (4 MiB, sent whole whatever the range) was cut off after its first bytes.
    const after = await imageStats();
    expect(after.hugeRequests - before.hugeRequests).toBe(1);
    expect(after.hugeBytesSent - before.hugeBytesSent).toBeLessThan(1024 * 1024);

    const page = await html(await browser.get(`${PORTAL}/upload/catalog/products?fileId=${fileId}`));
    expect(page).toContain("Images that load: 5");
    expect(page).toContain("Does not load: the picture is smaller than 500 × 500 pixels");
    expect(page).toContain("Does not load: the address points inside a private network, which the marketplace never fetches");
    expect(page).toContain("Does not load: the image server says there is no image at this address (404)");
    expect(page).toContain("No image address");
    const failing = await html(await browser.get(`${PORTAL}/upload/catalog/products?fileId=${fileId}&image=fails`));
    expect(failing).toContain("Products 1 to 7 of 7");
    expect(failing).not.toContain("Artikel 1<");
  });

  it("refuses addresses inside the network in every spelling, and what is no https address, without a request", async () => {
    browser = new TestBrowser();
    await browser.signIn(PORTAL, SELLER);
    const port = new URL(images.origin).port;
    const addresses = [
      `https://127.0.0.1:${port}/images/large.jpg`,
      `https://2130706433:${port}/images/large.jpg`,
      `https://0x7f.1:${port}/images/large.jpg`,
      `https://[::ffff:127.0.0.1]:${port}/images/large.jpg`,
      `https://[::1]:${port}/images/large.jpg`,
      "https://169.254.169.254/latest/meta-data/",
      `http://localhost:${port}/images/large.jpg`,
      "bilder/artikel-1.jpg",
    ];
    const fileId = await uploaded(
      "bilder-im-netz.csv",
      catalogue(addresses, (address) => address),
    );
    expect((await browser.get(`${PORTAL}/upload/catalog/products?fileId=${fileId}`)).status).toBe(200);
    const result = await checked(fileId);
    expect(result.reasons).toEqual({ INSIDE_NETWORK: 6, NOT_HTTPS: 1, RELATIVE_PATH: 1 });
  });
});

describe("failures", () => {
  it("an image host that fails or is too slow: the page works and says which images could not be checked and why", async () => {
    browser = new TestBrowser();
    await browser.signIn(PORTAL, SELLER);
    await injectFault({ pattern: "/images/large.png", status: 503 });
    await injectFault({ pattern: "/images/large.gif", drop: true });
    const fileId = await uploaded("bilder-ausfall.csv", catalogue(["large.jpg", "large.png", "large.gif", "slow.jpg"]));
    expect((await browser.get(`${PORTAL}/upload/catalog/products?fileId=${fileId}`)).status).toBe(200);
    const result = await checked(fileId);
    expect(result).toMatchObject({ loads: 1, fails: 3 });
    expect(result.reasons).toEqual({ HTTP_ERROR: 1, UNREACHABLE: 1, TIMEOUT: 1 });
    const page = await html(await browser.get(`${PORTAL}/upload/catalog/products?fileId=${fileId}`));
    expect(page).toContain("Does not load: the image server answered with an error (503)");
    expect(page).toContain("Does not load: the image server did not answer in time");
    expect(page).toContain("Does not load: the image server could not be reached");
  });

  it("a service that cannot store the results leaves them unchecked; the page says so, and checks this page's images on demand", async () => {
    browser = new TestBrowser();
    await browser.signIn(PORTAL, SELLER);
    await injectFault({ pattern: "/catalogue-upload/me/seller/file/images", method: "PUT", status: 503 });
    const fileId = await uploaded("bilder-spaeter.csv", catalogue(["large.jpg", "small.png", "large.webp"]));
    const url = `${PORTAL}/upload/catalog/products?fileId=${fileId}`;
    expect((await browser.get(url)).status).toBe(200);
    // The checks ran and were not kept.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await summary(fileId)).toMatchObject({ unchecked: 3 });
    await clearFaultsAndCounters();

    await injectFault({ pattern: "/catalogue-upload/me/seller/file/images", method: "GET", status: 503 });
    const failed = await html(await browser.get(url));
    expect(failed).toContain("How this file&#x27;s images stand could not be loaded");
    expect(failed).toContain("Not checked yet");
    await clearFaultsAndCounters();

    // A view resumes the checks the outage cut short (catalogue-images-restart.test.ts): its look at what is unchecked
    // fails here (and its one retry), so that the seller's form finds this page's images still unchecked.
    await injectFault({ pattern: "/catalogue-upload/me/seller/file/images/unchecked", method: "GET", status: 503, times: 2 });
    const page = await html(await browser.get(url));
    expect(page).toContain("Check the images of this page");
    await expect.poll(() => requestCount("/catalogue-upload/me/seller/file/images/unchecked")).toBe(2);
    const posted = await browser.post(url, { intent: "check-images", fileId, rows: "2,3,4" });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("location")).toBe(`/upload/catalog/products?fileId=${fileId}`);
    expect(await summary(fileId)).toMatchObject({ loads: 2, fails: 1, unchecked: 0 });
    const after = await html(await browser.get(url));
    expect(after).toContain("The images of this page were checked.");
    expect(after).not.toContain("Check the images of this page");
  });

  it("refuses the on-demand check of another seller's file", async () => {
    browser = new TestBrowser();
    await browser.signIn(PORTAL, SELLER);
    const response = await browser.post(`${PORTAL}/upload/catalog/products?fileId=file-seller-submitted-sonnenhof-artikel-csv`, {
      intent: "check-images",
      fileId: "file-seller-submitted-sonnenhof-artikel-csv",
      rows: "2",
    });
    expect(response.status).toBe(404);
  });
});

describe("the base address of a file's relative image paths", () => {
  it("asks for it where paths are relative, refuses an address the checks would refuse, and checks the paths against it", async () => {
    browser = new TestBrowser();
    await browser.signIn(PORTAL, SELLER);
    // As a shop export writes them: below a media directory, from the host's root, one up, with a query.
    const fileId = await uploaded(
      "bilder-relativ.csv",
      catalogue(["large.jpg", "/images/large.png", "../images/large.webp?v=2", "missing.jpg"], (name) => name),
    );
    const url = `${PORTAL}/upload/catalog/products?fileId=${fileId}`;
    expect((await browser.get(url)).status).toBe(200);
    expect(await checked(fileId)).toMatchObject({ fails: 4, reasons: { RELATIVE_PATH: 4 }, imageBase: null });
    const asking = await html(await browser.get(url));
    expect(asking).toContain('<a href="#products-images-base">Relative path: give the base address</a>');
    expect(asking).toContain('id="products-images-base"');

    // Refused as an image address would be: not https, credentials, inside the network. What was typed stays.
    const refused = await browser.post(url, { intent: "image-base", fileId, base: "http://cdn.example-shop.de/media/" });
    expect(refused.status).toBe(400);
    const refusedPage = await html(refused);
    expect(refusedPage).toContain("The base address must start with https://.");
    expect(refusedPage).toContain('value="http://cdn.example-shop.de/media/"');
    const inside = await browser.post(url, { intent: "image-base", fileId, base: "https://169.254.169.254/latest/" });
    expect(await html(inside)).toContain("The base address points inside a private network");
    expect((await summary(fileId)).imageBase).toBeNull();
    // The service failing: the page says what the service said in an error toast, keeps its form, and nothing changed.
    await injectFault({ pattern: "/catalogue-upload/me/seller/file/images/base", method: "PUT", status: 503 });
    expect((await browser.post(url, { intent: "image-base", fileId, base: `${images.origin}/images` })).status).toBe(302);
    const failedPage = await html(await browser.get(url));
    expect(failedPage).toContain("Toastify__toast--error");
    expect(failedPage).toContain('id="products-images-base"');
    await clearFaultsAndCounters();
    expect((await summary(fileId)).imageBase).toBeNull();

    // The sandbox's image host, the one origin inside the network the test portal may fetch, as the base.
    const saved = await browser.post(url, { intent: "image-base", fileId, base: `${images.origin}/images` });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe(`/upload/catalog/products?fileId=${fileId}`);
    const result = await checked(fileId);
    expect(result).toMatchObject({ loads: 3, fails: 1, unchecked: 0, imageBase: `${images.origin}/images/`, reasons: { NOT_FOUND: 1 } });
    const page = await html(await browser.get(url));
    expect(page).toContain("The base address was saved");
    expect(page).toContain(`value="${images.origin}/images/"`);
    expect(page).not.toContain("Relative path: give the base address");

    // Removed: the paths are relative paths again.
    expect((await browser.post(url, { intent: "image-base", fileId, base: "" })).status).toBe(302);
    expect(await checked(fileId)).toMatchObject({ fails: 4, reasons: { RELATIVE_PATH: 4 }, imageBase: null });
  });

  it("is the seller administrator's alone: every other role, an active seller and another seller change nothing", async () => {
    const seller = new TestBrowser();
    await seller.signIn(PORTAL, SELLER);
    browser = seller;
    const fileId = await uploaded(
      "bilder-relativ-rollen.csv",
      catalogue(["large.jpg"], (name) => name),
    );
    const url = `${PORTAL}/upload/catalog/products?fileId=${fileId}`;
    expect((await seller.get(url)).status).toBe(200);
    await checked(fileId);
    for (const username of ["viewer@example.com", "seller.active@example.com", "tom@example.com", "admin@example.com", "success@example.com"]) {
      const other = new TestBrowser();
      await other.signIn(PORTAL, username);
      const response = await other.post(url, { intent: "image-base", fileId, base: "https://cdn.example-shop.de/media/" });
      expect(response.status, username).toBe(302);
      expect(response.headers.get("location"), username).not.toContain("/upload/catalog/products");
    }
    // Another seller's administrator: the file is not theirs.
    const stranger = new TestBrowser();
    await stranger.signIn(PORTAL, "seller.new@example.com");
    expect((await stranger.post(url, { intent: "image-base", fileId, base: "https://cdn.example-shop.de/media/" })).status).toBe(404);
    expect(await summary(fileId)).toMatchObject({ imageBase: null, reasons: { RELATIVE_PATH: 1 } });
  });
});
