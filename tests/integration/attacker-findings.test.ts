/**
 * What an attacker tried against the portal, over real HTTP: ids of `.` and
 * `..` (or none) where an upstream path takes an id, line breaks in the
 * address, file names of thousands of characters and toasts that would
 * outgrow their cookie, a forged Host header, staff acting as a seller
 * discarding the bank account's draft, and the services' 4xx answers, which
 * say what was wrong with the request (404, 409, 400), never a 502.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { SAMPLE_CSV, postUpload, upstreamSeller } from "./catalogue-support";
import { multipart, pdf } from "./onboarding-support";
import { ownPortal } from "./own-portal";
import { PORTAL, SANDBOX } from "./ports";
import { clearFaultsAndCounters, injectFault } from "./sandbox-control";
import { as, resetSandbox } from "./staff-support";
import { BANK, COMPANY } from "./my-company-forms";

const CATALOGUE_SELLER = "seller.catalogue@example.com";
const LONG_NAME = `${"Sommerkatalog ".repeat(357)}x.csv`;

/** Every request that reached the sandbox's services since the counters were cleared, as "METHOD /path". */
async function upstreamRequests(): Promise<string[]> {
  const response = await fetch(`${SANDBOX}/__sandbox/requests`);
  const { requests } = (await response.json()) as { requests: { method: string; path: string }[] };
  return requests.map(({ method, path }) => `${method} ${path}`);
}

async function writes(): Promise<string[]> {
  return (await upstreamRequests()).filter((line) => !line.startsWith("GET ") && !line.includes("/user-profile/me/sessions"));
}

async function signedIn(username: string): Promise<TestBrowser> {
  const browser = new TestBrowser();
  await browser.signIn(PORTAL, username);
  return browser;
}

const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');

beforeAll(resetSandbox);
afterEach(clearFaultsAndCounters);
afterAll(resetSandbox);

describe("ids of `.` and `..`, or none, never reach another upstream endpoint", () => {
  it("`replaces=..` on a company change: refused with 400 before any upstream write", async () => {
    const seller = await signedIn("seller.active@example.com");
    await clearFaultsAndCounters();
    const response = await seller.post(`${PORTAL}/home/my-company/company-info/change`, { ...COMPANY, replaces: ".." });
    expect(response.status).toBe(400);
    expect(await text(response)).toContain("The portal could not read what your browser sent.");
    expect(await writes()).toEqual([]);
  });

  it("`delete=..` on the documents step: refused with 400, nothing deleted", async () => {
    const seller = await signedIn("seller.new@example.com");
    await clearFaultsAndCounters();
    const response = await seller.request(`${PORTAL}/shop-setup/documents`, { method: "POST", body: multipart({ delete: ".." }) });
    expect(response.status).toBe(400);
    expect(await writes()).toEqual([]);
  });

  it("the catalogue team's hidden `sellerId` of `..`, `.` or none: refused with 400, no finish-mapping", async () => {
    const tom = await as("TOM_TEAM_MEMBER");
    for (const sellerId of ["..", ".", ""]) {
      await clearFaultsAndCounters();
      const response = await tom.post(`${PORTAL}/product-catalogue-integration`, { intent: "finish", sellerId });
      expect(response.status, `sellerId=${JSON.stringify(sellerId)}`).toBe(400);
      expect(await writes(), `sellerId=${JSON.stringify(sellerId)}`).toEqual([]);
    }
    await clearFaultsAndCounters();
    const none = await tom.post(`${PORTAL}/product-catalogue-integration`, { intent: "finish" });
    expect(none.status).toBe(400);
    expect(await writes()).toEqual([]);
  });

  it("mark as active for a seller `..`: the page does not exist, nothing is asked upstream", async () => {
    const admin = await as("OPERATOR_ADMINISTRATOR");
    await clearFaultsAndCounters();
    const response = await admin.post(`${PORTAL}/mark-as-active?sellerId=..`, {});
    expect(response.status).toBe(404);
    expect((await upstreamRequests()).filter((line) => line.includes("/api-external/"))).toEqual([]);
  });
});

describe("a line break in the address", () => {
  for (const path of ["/%0a", "/home/overview%0a", "/%E2%80%A8", "/overview%0d", "/%E2%80%A9x"]) {
    it(`GET ${path} is the 404 page`, async () => {
      const response = await fetch(`${PORTAL}${path}`, { redirect: "manual" });
      expect(response.status).toBe(404);
      const page = await response.text();
      expect(page).toContain("The page you asked for does not exist or has moved.");
    });
  }
});

describe("file names of thousands of characters", () => {
  it("a catalogue file's name is refused where it enters, with a translated message, and nothing is stored", async () => {
    const seller = await signedIn(CATALOGUE_SELLER);
    const response = await postUpload(seller, LONG_NAME, SAMPLE_CSV);
    expect(response.status).toBe(400);
    expect(await text(response)).toContain("The file name is too long");
    expect((await upstreamSeller()).sellerCatalogueFiles.map((file) => file.fileName)).not.toContain(LONG_NAME);
  });

  it("a document's name is refused where it enters, with a translated message", async () => {
    const seller = await signedIn("seller.new@example.com");
    await clearFaultsAndCounters();
    const response = await seller.request(`${PORTAL}/shop-setup/documents`, {
      method: "POST",
      body: multipart({ intent: "continue" }, { TRADE_REGISTER_EXTRACT: pdf(`${"Handelsregisterauszug ".repeat(230)}.pdf`) }),
    });
    expect(response.status).toBe(400);
    expect(await text(response)).toContain("The file name is too long");
    expect(await writes()).toEqual([]);
  });

  it("a toast naming a value of thousands of characters fits its cookie, the value shortened", async () => {
    const seller = await signedIn(CATALOGUE_SELLER);
    const uploaded = await postUpload(seller, "kurz.csv", SAMPLE_CSV);
    expect(uploaded.status).toBe(302);
    const file = (await upstreamSeller()).sellerCatalogueFiles.find((candidate) => candidate.fileName === "kurz.csv")!;
    const deleted = await seller.post(`${PORTAL}/upload/catalog`, { intent: "delete", fileId: file.id, fileName: LONG_NAME, confirmed: "yes" });
    expect(deleted.status).toBe(302);
    const toastCookie = deleted.headers.getSetCookie().find((cookie) => cookie.startsWith("sp_toast="));
    expect(toastCookie).toBeDefined();
    expect(toastCookie!.length).toBeLessThan(4096);
    const page = await seller.get(new URL(deleted.headers.get("location")!, PORTAL).toString());
    expect(page.status).toBe(200);
    expect(await text(page)).toContain("Sommerkatalog Sommerkatalog");
  });
});

describe("the environment indicator", () => {
  // A portal configured for its public address: whatever Host a request names, the indicator is not shown.
  const deployed = ownPortal(3288, { PORTAL_URL: "https://seller-portal.example.test" });

  it("is decided by configuration: `Host: localhost` on a deployed portal shows no upstream address", async () => {
    const response = await fetch(`${deployed.url()}/`, { headers: { Host: "localhost" } });
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).not.toContain("env-indicator");
    expect(page).not.toContain(`${SANDBOX}/seller-service`);
  });
});

describe("staff acting as the seller", () => {
  it("may not discard the seller's bank-account draft: refused before any upstream write, the draft kept", async () => {
    const seller = await signedIn("seller.active@example.com");
    const drafted = await seller.post(`${PORTAL}/home/my-company/bank-account/change`, BANK);
    expect(drafted.status).toBe(303);
    const review = drafted.headers.get("location")!;
    expect(review).toMatch(/^\/home\/my-company\/changes\/change-/);

    const staff = await signedIn("admin@example.com");
    const started = await staff.post(`${PORTAL}/substitution/start`, {
      userProfileId: "user-seller-active",
      sellerId: "seller-active",
      returnTo: "/seller-administration",
    });
    expect(started.status).toBe(302);
    try {
      await staff.navigate(`${PORTAL}/default-redirect`);
      await clearFaultsAndCounters();
      const discard = await staff.post(`${PORTAL}${review}`, { intent: "discard" });
      expect(discard.status).toBe(303);
      expect(discard.headers.get("location")).toBe("/home/my-company/bank-account");
      expect(await writes()).toEqual([]);

      // Nor through another form's `replaces`: a company-data draft never discards the bank account's.
      await clearFaultsAndCounters();
      const other = await staff.post(`${PORTAL}/home/my-company/company-info/change`, { ...COMPANY, replaces: review.split("/").pop()! });
      expect(other.status).toBe(303);
      expect((await writes()).filter((line) => line.startsWith("DELETE "))).toEqual([]);
    } finally {
      await staff.post(`${PORTAL}/substitution/end`, {});
    }
    expect((await seller.get(`${PORTAL}${review}`)).status).toBe(200);
  });
});

describe("the services' 4xx answers say what was wrong, never 502", () => {
  it("mark as active in the wrong state: 409, with the service's reason", async () => {
    const admin = await as("OPERATOR_ADMINISTRATOR");
    const response = await admin.post(`${PORTAL}/mark-as-active?sellerId=seller-submitted-2`, {});
    expect(response.status).toBe(409);
    expect(await text(response)).toContain("Only a seller whose catalogue mapping is finished can be marked active");
  });

  it("another seller's document: 404", async () => {
    const seller = await signedIn("seller.new@example.com");
    const response = await seller.get(`${PORTAL}/shop-setup/documents/doc-00000000-0000-4000-8000-000000000000`);
    expect(response.status).toBe(404);
  });

  it("another seller's catalogue file: 404, with the form kept", async () => {
    const seller = await signedIn(CATALOGUE_SELLER);
    const response = await seller.post(`${PORTAL}/upload/catalog`, {
      intent: "delete",
      fileId: "file-seller-active-nordlicht-katalog-2026-csv",
      fileName: "x.csv",
      confirmed: "yes",
    });
    expect(response.status).toBe(404);
  });

  it("a file the service refuses (400): 400 with the service's message", async () => {
    const seller = await signedIn(CATALOGUE_SELLER);
    await injectFault({
      pattern: "/catalogue-upload/me/seller/file",
      method: "POST",
      status: 400,
      body: { message: "File name not accepted", errorCode: "INVALID_FILE_NAME" },
    });
    const response = await postUpload(seller, "abgelehnt.csv", SAMPLE_CSV);
    expect(response.status).toBe(400);
    expect(await text(response)).toContain("File name not accepted");
  });
});
