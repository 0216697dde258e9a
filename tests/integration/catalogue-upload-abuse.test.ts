/**
 * Hostile catalogue files over real HTTP: an XLSX zip bomb (340 KB that
 * inflate to 87 MB), its problem list on both catalogue pages, a CSV with a
 * 100 MB line and one with a million columns. Each is refused with its
 * translated reason and nothing stored; /healthz answers all the while, and
 * another seller's upload made meanwhile is read and stored.
 * (Speed and memory figures: `npm run bench:upload-abuse`.)
 */
import { beforeEach, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { longLineCsv, manyColumnsCsv, smallCatalogueCsv, xlsxBomb } from "../support/hostile-files";
import { streamedFileForm } from "../support/streamed-form";
import { PORTAL, SANDBOX } from "./ports";

const ATTACKER = "seller.catalogue@example.com";
const OTHER = "seller.active@example.com";
const bomb = xlsxBomb();

async function tokenOf(username: string): Promise<string> {
  const minted = await fetch(`${SANDBOX}/__sandbox/tokens`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username }),
  });
  return ((await minted.json()) as { access_token: string }).access_token;
}

/** The seller's stored catalogue files, as the upload service has them. */
async function storedFileIds(username: string): Promise<string[]> {
  const response = await fetch(`${SANDBOX}/onboarding/me/seller?apikey=sandbox-api-key`, { headers: { Authorization: `Bearer ${await tokenOf(username)}` } });
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
