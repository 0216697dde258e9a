/**
 * Hostile catalogue files over real HTTP: an XLSX zip bomb (340 KB that
 * inflate to 87 MB), its problem list on both catalogue pages, a CSV with a
 * 100 MB line and one with a million columns. Each is refused with its
 * translated reason and nothing stored; /healthz answers all the while, and
 * another seller's upload made meanwhile is read and stored. An account
 * sending file after file is refused past its minute's turns.
 * (Speed and memory figures: `npm run bench:upload-abuse`.)
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { longLineCsv, manyColumnsCsv, smallCatalogueCsv, xlsxBomb } from "../support/hostile-files";
import { testPorts } from "../support/ports";
import { startStack, type Stack } from "../support/stack";
import { streamedFileForm } from "../support/streamed-form";
import { PORTAL, SANDBOX } from "./ports";

const ATTACKER = "seller.catalogue@example.com";
const OTHER = "seller.active@example.com";
const bomb = xlsxBomb();

async function tokenOf(username: string, sandbox = SANDBOX): Promise<string> {
  const minted = await fetch(`${sandbox}/__sandbox/tokens`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username }),
  });
  return ((await minted.json()) as { access_token: string }).access_token;
}

/** The seller's stored catalogue files, as the upload service has them. */
async function storedFileIds(username: string, sandbox = SANDBOX): Promise<string[]> {
  const response = await fetch(`${sandbox}/onboarding/me/seller?apikey=sandbox-api-key`, {
    headers: { Authorization: `Bearer ${await tokenOf(username, sandbox)}` },
  });
  return ((await response.json()) as { sellerCatalogueFiles: { id: string }[] }).sellerCatalogueFiles.map((file) => file.id);
}

/** A file stored straight at the upload service (as one stored before the portal read with a budget). */
async function storeAtService(username: string, fileName: string, bytes: Uint8Array, type: string): Promise<string> {
  const body = new FormData();
  body.set("type", type);
  body.set("file", new Blob([new Uint8Array(bytes)]), fileName);
  const response = await fetch(`${SANDBOX}/catalogue-upload/me/seller/file?apikey=sandbox-api-key`, {
    method: "POST",
    headers: { Authorization: `Bearer ${await tokenOf(username)}` },
    body,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

function fileForm(fileName: string, bytes: Uint8Array): FormData {
  const body = new FormData();
  body.set("file", new Blob([new Uint8Array(bytes)]), fileName);
  return body;
}

/** Asks /healthz every 20 ms until stopped; answers how many times it asked and how many answers were not 200. */
function watchHealth() {
  let stopped = false;
  const watching = (async () => {
    let asked = 0;
    let failed = 0;
    while (!stopped) {
      asked++;
      const answer = await fetch(`${PORTAL}/healthz`).catch(() => null);
      if (answer?.status !== 200) failed++;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return { asked, failed };
  })();
  return async () => {
    stopped = true;
    return watching;
  };
}

let attacker: TestBrowser;
let other: TestBrowser;

beforeEach(async () => {
  expect((await fetch(`${SANDBOX}/__sandbox/reset`, { method: "POST" })).status).toBe(200);
  attacker = new TestBrowser();
  other = new TestBrowser();
  await attacker.signIn(PORTAL, ATTACKER);
  await other.signIn(PORTAL, OTHER);
});

describe("hostile catalogue files", () => {
  it("refuses an XLSX zip bomb with its reason, stores nothing, keeps /healthz answering, and reads another seller's upload meanwhile", async () => {
    const before = await storedFileIds(ATTACKER);
    const othersBefore = await storedFileIds(OTHER);
    const stopWatching = watchHealth();
    const [refused, meanwhile] = await Promise.all([
      attacker.request(`${PORTAL}/upload/catalog/file`, { method: "POST", body: fileForm("katalog.xlsx", bomb), headers: { Accept: "application/json" } }),
      other.request(`${PORTAL}/home/catalogue/file`, {
        method: "POST",
        body: fileForm("sortiment.csv", smallCatalogueCsv()),
        headers: { Accept: "application/json" },
      }),
    ]);
    const health = await stopWatching();

    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe(
      "katalog.xlsx unpacks to far more than a catalogue of its size could hold: more than 100 times its packed size, or more than 512 MB in all. The portal does not read such workbooks. Save the sheet as CSV (“CSV UTF-8”) and upload that file instead.",
    );
    expect(await storedFileIds(ATTACKER)).toEqual(before);

    expect(meanwhile.status).toBe(201);
    const { fileId } = (await meanwhile.json()) as { fileId: string };
    expect(await storedFileIds(OTHER)).toEqual([...othersBefore, fileId]);

    expect(health.asked).toBeGreaterThan(0);
    expect(health.failed).toBe(0);
  });

  it.each([
    { page: "/upload/catalog", username: ATTACKER },
    { page: "/home/catalogue", username: OTHER },
  ])("sends the seller back from a stored bomb's problem list on $page, told why, before a line of it is sent", async ({ page, username }) => {
    const seller = username === ATTACKER ? attacker : other;
    const fileId = await storeAtService(username, "katalog.xlsx", bomb, "XLSX");
    const answer = await seller.get(`${PORTAL}${page}/problems?fileId=${fileId}`);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe(`${page}?fileId=${fileId}`);
    const shown = await (await seller.get(`${PORTAL}${page}?fileId=${fileId}`)).text();
    expect(shown).toContain("katalog.xlsx unpacks to far more than a catalogue of its size could hold");
    expect((await fetch(`${PORTAL}/healthz`)).status).toBe(200);
  });

  it("refuses a CSV with a 100 MB line once its first MB has passed, and stays healthy", async () => {
    const boundary = "----hostile-long-line";
    const body = streamedFileForm(boundary, "katalog.csv", "text/csv", longLineCsv());
    const before = await storedFileIds(ATTACKER);
    const answer = await attacker.request(`${PORTAL}/upload/catalog/file`, {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: "half",
    } as RequestInit);
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { message: string }).message).toContain("katalog.csv has a line longer than 1 MB");
    expect(await storedFileIds(ATTACKER)).toEqual(before);
    expect((await fetch(`${PORTAL}/healthz`)).status).toBe(200);
  });

  it("refuses a CSV whose header has a million columns, and stays healthy", async () => {
    const before = await storedFileIds(ATTACKER);
    const answer = await attacker.request(`${PORTAL}/upload/catalog/file`, {
      method: "POST",
      body: fileForm("katalog.csv", manyColumnsCsv()),
      headers: { Accept: "application/json" },
    });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { message: string }).message).toContain("katalog.csv has a line longer than 1 MB");
    expect(await storedFileIds(ATTACKER)).toEqual(before);
    expect((await fetch(`${PORTAL}/healthz`)).status).toBe(200);
  });
});

describe("an account sending file after file", () => {
  // A portal and sandbox of their own, allowing two files a minute (20 as deployed): the suite's portal allows the
  // suite's many uploads, and its sign-in knows only its own address.
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ ...testPorts(3293, 4293), extraEnv: { CATALOGUE_UPLOADS_PER_MINUTE: "2", LOG_LEVEL: "error" } });
  });
  afterAll(async () => {
    await stack.process.stop();
  });

  it("is refused with 429 and when to send again, before the file is read or stored; another account still uploads", async () => {
    const flooding = new TestBrowser();
    const another = new TestBrowser();
    await flooding.signIn(stack.portalUrl, ATTACKER);
    await another.signIn(stack.portalUrl, OTHER);
    const before = await storedFileIds(ATTACKER, stack.sandboxUrl);
    const send = (browser: TestBrowser, page: string) =>
      browser.request(`${stack.portalUrl}${page}/file`, {
        method: "POST",
        body: fileForm("sortiment.csv", smallCatalogueCsv()),
        headers: { Accept: "application/json" },
      });

    for (let file = 0; file < 2; file++) expect((await send(flooding, "/upload/catalog")).status).toBe(201);
    const refused = await send(flooding, "/upload/catalog");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await refused.json()) as { message: string }).message).toBe(
      "You have sent many files in the last minute. Nothing was saved: wait a minute, then send this file again.",
    );
    // Without JavaScript: the form's page again, with the reason.
    const form = await flooding.request(`${stack.portalUrl}/upload/catalog`, { method: "POST", body: fileForm("sortiment.csv", smallCatalogueCsv()) });
    expect(form.status).toBe(429);
    expect(Number(form.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await form.text()).toContain("You have sent many files in the last minute.");
    expect(await storedFileIds(ATTACKER, stack.sandboxUrl)).toHaveLength(before.length + 2);

    expect((await send(another, "/home/catalogue")).status).toBe(201);
  });

  it("asking for one problem list after another: refused before the file is read again, back on the file's page with why; another account still gets its list", async () => {
    const asking = new TestBrowser();
    const another = new TestBrowser();
    await asking.signIn(stack.portalUrl, ATTACKER);
    await another.signIn(stack.portalUrl, OTHER);
    const [fileId] = (await storedFileIds(ATTACKER, stack.sandboxUrl)).slice(-1);
    const list = (browser: TestBrowser, page: string, id: string) => browser.get(`${stack.portalUrl}${page}/problems?fileId=${encodeURIComponent(id)}`);

    for (let time = 0; time < 2; time++) {
      const answer = await list(asking, "/upload/catalog", fileId!);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toMatch(/^text\/csv/);
      await answer.arrayBuffer();
    }
    const refused = await list(asking, "/upload/catalog", fileId!);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe(`/upload/catalog?fileId=${encodeURIComponent(fileId!)}`);
    expect(await (await asking.get(`${stack.portalUrl}${refused.headers.get("location")}`)).text()).toContain(
      "You have asked for many problem lists in the last minute.",
    );

    const [othersFile] = (await storedFileIds(OTHER, stack.sandboxUrl)).slice(-1);
    expect((await list(another, "/home/catalogue", othersFile!)).status).toBe(200);
  });

  it("reading a file again another way takes a turn of the same file reads: past them 429, nothing read, the settings kept on the form", async () => {
    // The problem lists above took this account's two reads of the minute.
    const asking = new TestBrowser();
    await asking.signIn(stack.portalUrl, ATTACKER);
    const [fileId] = (await storedFileIds(ATTACKER, stack.sandboxUrl)).slice(-1);
    const refused = await asking.post(`${stack.portalUrl}/upload/catalog`, {
      intent: "read",
      fileId: fileId!,
      encoding: "windows-1252",
      delimiter: "semicolon",
      headerRow: "3",
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const page = (await refused.text()).replaceAll("<!-- -->", "");
    expect(page).toContain("You have had your files read again many times in the last minute. Nothing has changed");
    expect(page).toMatch(/<input[^>]*value="3"[^>]*name="headerRow"|<input[^>]*name="headerRow"[^>]*value="3"/);
  });

  it("a file's first products view takes a turn of the same file reads: past them it says so, the file not read", async () => {
    // The problem lists above took this account's two reads of the minute; the file has no products index yet.
    const asking = new TestBrowser();
    await asking.signIn(stack.portalUrl, ATTACKER);
    const [fileId] = (await storedFileIds(ATTACKER, stack.sandboxUrl)).slice(-1);
    const refused = await asking.get(`${stack.portalUrl}/upload/catalog/products?fileId=${encodeURIComponent(fileId!)}`);
    expect(refused.status).toBe(200);
    const page = (await refused.text()).replaceAll("<!-- -->", "");
    expect(page).toContain("You have had your files read many times in the last minute. Nothing has changed: wait a minute, then open the products again.");
    expect(page).not.toContain("products-table");
  });
});
