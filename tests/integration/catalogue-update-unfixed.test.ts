/**
 * An active seller's catalogue update with products that still need a fix, over HTTP against the sandbox: as at the
 * hand-over, sending waits for the seller's choice (the update waits, or they are left out with one reason, asked
 * once more); nothing reaches the catalogue team before, and the team then receives the left-out products.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { PORTAL, SANDBOX } from "./ports";
import { clearFaultsAndCounters } from "./sandbox-control";
import { resetSandbox } from "./staff-support";
import { uploadMappedUpdateFile } from "./catalogue-update-file";

/** Two products: one ready, one whose EAN has a wrong check digit. */
const CSV = "EAN;Kategorie;Artikelname\n4006381333931;Küche;Brett\n4006381333932;Küche;Messer\n";

let seller: TestBrowser;

beforeAll(async () => {
  await resetSandbox();
  seller = new TestBrowser();
  await seller.signIn(PORTAL, "seller.active@example.com");
});
afterAll(async () => {
  await clearFaultsAndCounters();
  await resetSandbox();
});

async function page(path: string) {
  const response = await seller.get(`${PORTAL}${path}`);
  return (await response.text()).replaceAll("<!-- -->", "");
}

async function updatesSent(): Promise<number> {
  const response = await fetch(`${SANDBOX}/__sandbox/requests`);
  const { requests } = (await response.json()) as { requests: { method: string; path: string; count: number }[] };
  return requests.filter(({ method, path }) => method === "POST" && path === "/catalogue-upload/me/seller/catalogue-updates").reduce((n, r) => n + r.count, 0);
}

describe("an update whose products still need a fix", () => {
  it("waits for the choice, blocks when asked to, and leaves them out only after the confirmation, then goes", async () => {
    const fileId = await uploadMappedUpdateFile(seller, "update-unfixed.csv", CSV);
    // The products view writes the index; the catalogue page then counts what needs a fix and asks.
    expect((await seller.get(`${PORTAL}/home/catalogue/products?fileId=${fileId}`)).status).toBe(200);
    const before = await page("/home/catalogue");
    expect(before).toContain("1 product of this update still needs a fix. What happens to it?");
    await clearFaultsAndCounters();

    // No choice: asked for it, nothing sent.
    const unchosen = await seller.post(`${PORTAL}/home/catalogue`, { intent: "send" });
    expect(unchosen.status).toBe(400);
    expect((await unchosen.text()).replaceAll("<!-- -->", "")).toContain("Choose what happens to the products that still need a fix.");

    // The update waits: said, with a link to the products that need a fix.
    const blocked = await seller.post(`${PORTAL}/home/catalogue`, { intent: "send", unfixed: "wait" });
    expect(blocked.status).toBe(409);
    const blockedPage = (await blocked.text()).replaceAll("<!-- -->", "");
    expect(blockedPage).toContain("Not sent: 1 product still needs a fix.");
    expect(blockedPage).toContain(`href="/home/catalogue/products?fileId=${fileId}&amp;status=NEEDS_FIX"`);

    // Leaving out is asked once more; nothing changes before the confirmation.
    const asked = await seller.post(`${PORTAL}/home/catalogue`, { intent: "send", unfixed: "leaveOut" });
    expect(asked.status).toBe(200);
    expect((await asked.text()).replaceAll("<!-- -->", "")).toContain("Leave out 1 product and send the update?");
    expect(await updatesSent()).toBe(0);
    expect(await page(`/home/catalogue/products?fileId=${fileId}&status=LEFT_OUT`)).not.toContain("Still needed a fix when the update was sent");

    const confirmed = await seller.post(`${PORTAL}/home/catalogue`, { intent: "send", unfixed: "leaveOut", confirm: "leaveOut" });
    expect(confirmed.status).toBe(302);
    expect(await updatesSent()).toBe(1);
    expect(await page(`/home/catalogue/products?fileId=${fileId}&status=LEFT_OUT`)).toContain("Still needed a fix when the update was sent");
  });
});
